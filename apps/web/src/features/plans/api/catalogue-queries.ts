import type { Barrier, Support, Training } from '@cairn/shared/catalogue.schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Spec §3 and §9: the catalogue lists are kept for 168 hours; they change only through Mappings. */
const CATALOGUE_STALE_MS = 168 * 60 * 60 * 1000;

export const catalogueKeys = {
  list: (kind: 'barriers' | 'supports' | 'trainings') => ['catalogue', kind] as const,
};

export function useCatalogue<T>(kind: 'barriers' | 'supports' | 'trainings') {
  return useQuery({
    queryKey: catalogueKeys.list(kind),
    // The active items only: a disabled one is not offered for new plans (spec §4).
    queryFn: ({ signal }) => api<T[]>('GET', `/${kind}`, { signal }),
    staleTime: CATALOGUE_STALE_MS,
    gcTime: CATALOGUE_STALE_MS,
  });
}

/** GET /barriers: the active barriers, by category, 'Other' last in its category. */
export const useBarrierCatalogue = () => useCatalogue<Barrier>('barriers');
/** GET /supports: the active supports. */
export const useSupportCatalogue = () => useCatalogue<Support>('supports');
/** GET /trainings: the active trainings, 'Other' last. */
export const useTrainingCatalogue = () => useCatalogue<Training>('trainings');
