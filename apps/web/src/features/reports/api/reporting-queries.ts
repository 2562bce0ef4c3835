import type { DashboardLink, DashboardLinkBody } from '@cairn/shared/reporting.schemas';
import { useQuery, type Query } from '@tanstack/react-query';
import { api, ApiError, ok, publicApi } from '../../../lib/api-client.ts';

/** How long before its expiry a dashboard link is renewed, so the frame never shows a dead one. */
export const RENEW_BEFORE_MS = 60_000;

export const reportingKeys = {
  all: ['reporting'] as const,
  link: (body: DashboardLinkBody) => [...reportingKeys.all, 'link', body] as const,
  embed: (token: string) => [...reportingKeys.all, 'embed', token] as const,
};

/** When a link should be renewed: shortly before it expires, and never sooner than in 5 seconds. */
function renewIn(query: Query<DashboardLink, Error, DashboardLink, readonly unknown[]>): number | false {
  const expires = query.state.data ? Date.parse(query.state.data.expires_at) : NaN;
  if (Number.isNaN(expires)) return false;
  return Math.max(5_000, expires - Date.now() - RENEW_BEFORE_MS);
}

/**
 * POST /reporting/dashboard-links: a signed link to one dashboard for the filters (spec §7, §9).
 * Every tab or filter change asks for a new link (nothing is kept once the frame stops showing
 * it), `refetch` asks again (Refresh), and a link renews itself a minute before it expires.
 * `body` null (filters in error) asks for nothing.
 */
export function useDashboardLink(body: DashboardLinkBody | null) {
  return useQuery({
    queryKey: body ? reportingKeys.link(body) : [...reportingKeys.all, 'link', 'none'],
    queryFn: ({ signal }) => ok(api.POST('/api/reporting/dashboard-links', { body: body!, signal })),
    enabled: body !== null,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: renewIn,
    refetchIntervalInBackground: true,
  });
}

/**
 * GET /embed/dashboard/{token}: the dashboard's data, for whoever holds the token (no sign-in).
 * A refused token (401) is the embed page's to explain, so no error page opens and nothing retries.
 */
export function useEmbeddedDashboard(token: string) {
  return useQuery({
    queryKey: reportingKeys.embed(token),
    queryFn: ({ signal }) =>
      ok(publicApi.GET('/api/embed/dashboard/{token}', { params: { path: { token } }, signal })),
    meta: { noErrorPage: true },
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    staleTime: Infinity,
  });
}
