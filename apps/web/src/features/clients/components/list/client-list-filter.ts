import {
  clientListFilterFields,
  clientListFilterSchema,
  type ClientListFilter,
} from '@cairn/shared/client-list-filters';

/** The filters' names in the address and the API's query alike. */
export const FILTER_NAMES = Object.keys(clientListFilterFields) as (keyof ClientListFilter)[];

/**
 * The filters a report's link put in the address, checked by the list's own rules: `invalid`
 * when they do not hold together (a hand-edited address), and then none applies.
 */
export function filterOf(query: URLSearchParams): { filter: ClientListFilter; invalid: boolean } {
  const raw = Object.fromEntries(
    FILTER_NAMES.flatMap((name) => (query.has(name) ? [[name, query.get(name)]] : [])),
  );
  if (Object.keys(raw).length === 0) return { filter: {}, invalid: false };
  const parsed = clientListFilterSchema.safeParse(raw);
  if (!parsed.success) return { filter: {}, invalid: true };
  const filter = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
  return { filter, invalid: false };
}

/** The filters as query values (the address, GET /clients and its export). */
export function filterQuery(filter: ClientListFilter): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filter).flatMap(([name, value]) =>
      value === undefined || value === '' ? [] : [[name, String(value)]],
    ),
  );
}
