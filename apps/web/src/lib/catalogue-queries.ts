import type { Barrier, Support } from '@cairn/shared/catalogue.schemas';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api, ok } from './api-client.ts';

/** Spec §3 and §9: the catalogue lists are kept for 168 hours; they change only through Mappings. */
export const CATALOGUE_STALE_MS = 168 * 60 * 60 * 1000;

export type CatalogueKind = 'barriers' | 'supports' | 'trainings';

/** Every query of the catalogue sits under `all`: the lists below and the Mappings screens' own. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  list: (kind: CatalogueKind) => ['catalogue', kind] as const,
};

/**
 * After a change through Mappings: every catalogue query is asked again, the lists the plan
 * editors, the new-plan wizard and the group dialogs offer included (at once where one is on
 * screen, when next shown otherwise). The server's ETag keeps an unchanged list's answer small.
 */
export function refreshCatalogue(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
}

/** A catalogue list's query: kept for 168 hours (spec §3, §9). */
function catalogueQuery<T>(kind: CatalogueKind, list: (signal: AbortSignal) => Promise<T>) {
  return {
    queryKey: catalogueKeys.list(kind),
    queryFn: ({ signal }: { signal: AbortSignal }) => list(signal),
    staleTime: CATALOGUE_STALE_MS,
    gcTime: CATALOGUE_STALE_MS,
  };
}

// The active items only: a disabled one is not offered for new plans (spec §4).
const barrierQuery = catalogueQuery('barriers', (signal) => ok(api.GET('/api/barriers', { signal })));
const supportQuery = catalogueQuery('supports', (signal) => ok(api.GET('/api/supports', { signal })));

/** GET /barriers: the active barriers, by category, 'Other' last in its category. */
export const useBarrierCatalogue = () => useQuery(barrierQuery);
/** GET /supports: the active supports. */
export const useSupportCatalogue = () => useQuery(supportQuery);
/** The barriers or the supports, for the tab that edits that list. */
export const useItemCatalogue = (kind: 'barriers' | 'supports') =>
  useQuery<Array<Barrier | Support>>(kind === 'barriers' ? barrierQuery : supportQuery);
/** GET /trainings: the active trainings, 'Other' last. */
export const useTrainingCatalogue = () =>
  useQuery(catalogueQuery('trainings', (signal) => ok(api.GET('/api/trainings', { signal }))));
