import {
  AUDIT_ACTIONS,
  AUDIT_RECORD_KINDS,
  type AuditAction,
  type AuditRecordKind,
} from '@cairn/shared/audit.schemas';
import { isIsoDate } from '@cairn/shared/dates';
import type { AuditFilters } from '../../../lib/audit-queries.ts';
import { useListParams, type ListParamsCodec, type PagedListParams } from '../../../lib/use-list-params.ts';

export type AuditParams = PagedListParams & AuditFilters;

const idOf = (v: string | null) => {
  const n = Number(v);
  return v && Number.isInteger(n) && n > 0 ? n : undefined;
};
const oneOf = <T extends string>(values: readonly T[], v: string | null) =>
  (values as readonly string[]).includes(v ?? '') ? (v as T) : undefined;
const dayOf = (v: string | null) => (v && isIsoDate(v) ? v : undefined);

/** The filters beside paging, in the address with the API's names. */
const CODEC: ListParamsCodec<AuditParams> = {
  parse: (query, paged) => ({
    ...paged,
    client_id: idOf(query.get('client_id')),
    user_id: idOf(query.get('user_id')),
    action: oneOf<AuditAction>(AUDIT_ACTIONS, query.get('action')),
    record_kind: oneOf<AuditRecordKind>(AUDIT_RECORD_KINDS, query.get('record_kind')),
    from: dayOf(query.get('from')),
    to: dayOf(query.get('to')),
    include_trail_reads: query.get('include_trail_reads') === 'true' ? 'true' : undefined,
  }),
  serialise: (params, query) => {
    for (const key of [
      'client_id',
      'user_id',
      'action',
      'record_kind',
      'from',
      'to',
      'include_trail_reads',
    ] as const) {
      const value = params[key];
      if (value !== undefined) query.set(key, String(value));
    }
  },
};

/** The Audit screen's filters, page and page size, kept in the address (a reload shows the same). */
export function useAuditParams() {
  const { params, update, setPage, setPageSize } = useListParams(CODEC);
  return {
    params,
    setPage,
    setPageSize,
    /** A new filter starts again at the first page. */
    setFilters: (change: Partial<AuditFilters>) =>
      update((p) => ({ ...p, ...change, page: 1 }), { replace: true }),
  };
}
