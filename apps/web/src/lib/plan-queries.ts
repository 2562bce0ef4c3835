import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api, ok } from './api-client.ts';
import { clientKeys } from './client-queries.ts';

/**
 * Query keys of a client's plans and of one plan with its records: the plan screens, the side
 * menu beside a client's pages and the outcome (which opens and closes a plan) read and
 * invalidate these.
 */
export const planKeys = {
  all: ['plans'] as const,
  ofClient: (clientId: number) => ['plans', 'client', clientId] as const,
  detail: (planId: number) => ['plans', 'detail', planId] as const,
  /** A plan's barriers, supports, trainings, spendings, notes or outcomes. */
  records: (planId: number, kind: string) => ['plans', 'detail', planId, kind] as const,
};

/** GET /clients/{id}/plans: the client's plans, newest first. */
export function useClientPlans(clientId: number) {
  return useQuery({
    queryKey: planKeys.ofClient(clientId),
    queryFn: ({ signal }) =>
      ok(api.GET('/api/clients/{id}/plans', { params: { path: { id: clientId } }, signal })),
  });
}

/** GET /plans/{id}: one plan with its barriers. */
export function usePlan(planId: number) {
  return useQuery({
    queryKey: planKeys.detail(planId),
    queryFn: ({ signal }) => ok(api.GET('/api/plans/{id}', { params: { path: { id: planId } }, signal })),
  });
}

/**
 * After a plan was created, changed, closed, reopened or deleted: the plan itself (without its
 * records, which their own saves refresh), the client's plan list in the side menu, and the
 * client's plan count and case status (profile and client list).
 */
export function refreshPlanViews(queryClient: QueryClient, clientId: number, planId?: number) {
  if (planId != null) void queryClient.invalidateQueries({ queryKey: planKeys.detail(planId), exact: true });
  void queryClient.invalidateQueries({ queryKey: planKeys.ofClient(clientId) });
  void queryClient.invalidateQueries({ queryKey: clientKeys.detail(clientId), exact: true });
  void queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
}
