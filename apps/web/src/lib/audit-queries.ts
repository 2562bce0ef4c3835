import type { AuditAction, AuditRecordKind } from '@cairn/shared/audit.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, ok } from './api-client.ts';

/** The trail's filters, as GET /audit takes them (every one optional). */
export interface AuditFilters {
  client_id?: number;
  user_id?: number;
  action?: AuditAction;
  record_kind?: AuditRecordKind;
  from?: string;
  to?: string;
  /** The trail's own reads and exports are left out unless this is set. */
  include_trail_reads?: 'true';
}

export interface AuditPage extends AuditFilters {
  page: number;
  per_page: number;
}

export const auditKeys = {
  all: ['audit'] as const,
  list: (params: AuditPage) => ['audit', 'list', { ...params }] as const,
};

/** Only the filters that are set, as the query string takes them. */
export function auditQuery(filters: AuditFilters) {
  return Object.fromEntries(
    Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''),
  ) as AuditFilters;
}

/**
 * GET /audit: one page of entries, newest first (Admins only). Never kept: the trail grows with
 * every call, reading it included, so each opening asks again.
 */
export function useAuditEntries(params: AuditPage, enabled = true) {
  return useQuery({
    queryKey: auditKeys.list(params),
    queryFn: ({ signal }) => ok(api.GET('/api/audit', { params: { query: auditQuery(params) }, signal })),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
}
