import { useQueries, useQuery } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client.ts';
import { CATALOGUE_STALE_MS, catalogueKeys } from '../../../lib/catalogue-queries.ts';
import { untranslated } from '../../../lib/catalogue-names.ts';
import {
  barrierItem,
  itemNamed,
  MAPPING_KINDS,
  supportItem,
  trainingItem,
  type MappingItem,
  type MappingKind,
} from '../components/mapping-kinds.ts';

/** Which of a list's items: the Active tab's or the Disabled tab's. */
export type MappingState = 'active' | 'disabled';

/**
 * The Mappings screens' queries, under the catalogue's keys: a change refreshes them together with
 * the lists the rest of the app offers (`refreshCatalogue`). They keep the default freshness, so an
 * Admin sees what another changed meanwhile; the server's ETag keeps an unchanged answer small.
 */
export const mappingKeys = {
  list: (kind: MappingKind, state: MappingState) => [...catalogueKeys.list(kind), 'mappings', state] as const,
  item: (kind: MappingKind, id: number) => [...catalogueKeys.list(kind), 'item', id] as const,
  reportingTypes: () => [...catalogueKeys.all, 'reporting-types'] as const,
};

/** GET /{kind} (`?disabled=true` for the disabled ones), as the Mappings screens show items. */
async function listOf(kind: MappingKind, state: MappingState, signal: AbortSignal): Promise<MappingItem[]> {
  const params = { query: state === 'disabled' ? { disabled: 'true' as const } : {} };
  switch (kind) {
    case 'barriers':
      return (await ok(api.GET('/api/barriers', { params, signal }))).map(barrierItem);
    case 'supports':
      return (await ok(api.GET('/api/supports', { params, signal }))).map(supportItem);
    case 'trainings':
      return (await ok(api.GET('/api/trainings', { params, signal }))).map(trainingItem);
  }
}

/** GET /{kind}/{id}: one item, disabled or not. */
async function itemOf(kind: MappingKind, id: number, signal: AbortSignal): Promise<MappingItem> {
  const params = { path: { id } };
  switch (kind) {
    case 'barriers':
      return barrierItem(await ok(api.GET('/api/barriers/{id}', { params, signal })));
    case 'supports':
      return supportItem(await ok(api.GET('/api/supports/{id}', { params, signal })));
    case 'trainings':
      return trainingItem(await ok(api.GET('/api/trainings/{id}', { params, signal })));
  }
}

const listQuery = (kind: MappingKind, state: MappingState) => ({
  queryKey: mappingKeys.list(kind, state),
  queryFn: ({ signal }: { signal: AbortSignal }) => listOf(kind, state, signal),
});

/** A list's active or disabled items (spec §2 Mappings category list). */
export function useMappingList(kind: MappingKind, state: MappingState) {
  return useQuery(listQuery(kind, state));
}

/**
 * How many items each list holds, active and disabled (spec §2 Mappings home), and how many of
 * them have no French name yet (issue 34), or undefined while a list loads.
 */
export function useMappingCounts() {
  const states: MappingState[] = ['active', 'disabled'];
  const pairs = MAPPING_KINDS.flatMap((kind) => states.map((state) => ({ kind, state })));
  const results = useQueries({ queries: pairs.map(({ kind, state }) => listQuery(kind, state)) });
  const listOfKind = (kind: MappingKind, state: MappingState) =>
    results[pairs.findIndex((pair) => pair.kind === kind && pair.state === state)]?.data;
  return {
    count: (kind: MappingKind, state: MappingState): number | undefined => listOfKind(kind, state)?.length,
    untranslated: (kind: MappingKind): number | undefined => {
      const lists = states.map((state) => listOfKind(kind, state));
      return lists.every((list) => list !== undefined)
        ? lists.flatMap((list) => list!).filter((item) => untranslated(itemNamed(item))).length
        : undefined;
    },
  };
}

/** One item of a list (spec §2 Mappings item page). */
export function useMappingItem(kind: MappingKind, id: number) {
  return useQuery({
    queryKey: mappingKeys.item(kind, id),
    queryFn: ({ signal }) => itemOf(kind, id, signal),
  });
}

/** GET /reporting/types: what items map to; they do not change through the app. */
export function useReportingTypes() {
  return useQuery({
    queryKey: mappingKeys.reportingTypes(),
    queryFn: ({ signal }) => ok(api.GET('/api/reporting/types', { signal })),
    staleTime: CATALOGUE_STALE_MS,
    gcTime: CATALOGUE_STALE_MS,
  });
}
