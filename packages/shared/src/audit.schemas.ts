import { z } from 'zod';
import { isIsoDate } from './dates.ts';
import { message } from './messages.ts';
import { choiceOf, idSchema, isoDateTime, optionalChoice, pageNumber } from './validators.ts';
import { nameSchemas } from './api-names.ts';

/**
 * The audit trail (issue 14): who read or changed what, when and from where. Every entry names an
 * action; the record kinds are those of the access layer plus the administered ones.
 */
export const AUDIT_ACTIONS = [
  'read',
  'create',
  'update',
  'delete',
  'reveal',
  'export',
  'sign_in',
  'sign_in_failed',
  'lockout',
  'sign_out',
  'session_renewal',
  'refresh_token_reused',
  'password_reset_request',
  'password_reset',
  'password_change',
  'retention_drop',
  'key_rotation',
  'client_key_rotation',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_RECORD_KINDS = [
  'client',
  'plan',
  'plan_link',
  'note',
  'spending',
  'outcome',
  'follow_up',
  'story',
  'interaction',
  'group',
  'attachment',
  'user',
  'centre',
  'catalogue',
  'report',
  'audit',
] as const;
export type AuditRecordKind = (typeof AUDIT_RECORD_KINDS)[number];

export const AUDIT_OUTCOMES = ['allowed', 'refused'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export const AUDIT_PAGE_SIZES = [10, 25, 50, 100] as const;

/** An id filter; an empty one is no filter, and anything but a whole number is 'must be a whole number'. */
const optionalId = z.preprocess(
  (v) => (v === '' ? undefined : v),
  idSchema(message('wholeNumber')).optional(),
);

const optionalDay = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || isIsoDate(v), message('date'))
  .meta({ type: 'string', format: 'date' });

/** The filters, every one optional; days are whole days, `to` included. */
const auditFilterFields = z.object({
  client_id: optionalId,
  user_id: optionalId,
  action: optionalChoice(AUDIT_ACTIONS).optional(),
  record_kind: optionalChoice(AUDIT_RECORD_KINDS).optional(),
  from: optionalDay,
  to: optionalDay,
  /** The trail's own reads and exports (record kind `audit`) are left out unless asked for. */
  include_trail_reads: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

/** A range whose start comes after its end is refused ('to' names it), never read as no range. */
function checkDays(f: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (f.from !== undefined && f.to !== undefined && f.from > f.to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: message('dateRangeReversed') });
}

/** GET /audit/export: the filters. */
export const auditFilterSchema = auditFilterFields.superRefine(checkDays);
export type AuditFilter = z.output<typeof auditFilterSchema>;

/** GET /audit: the filters and the page. */
export const auditListQuerySchema = auditFilterFields
  .extend({
    page: pageNumber,
    per_page: z.coerce.number().int().min(1).max(100).default(25),
  })
  .superRefine(checkDays);
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

/**
 * One field an update changed, by its API name. A secret (the SIN) is only said to have changed:
 * `masked`, its values null.
 */
export const auditChangeSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  masked: z.boolean().optional(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

/** One entry as the API answers it: never a SIN, a password or a token. */
export const auditEntrySchema = z.object({
  seq: z.number().int(),
  at: isoDateTime,
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  role_id: z.number().int().nullable(),
  action: choiceOf(AUDIT_ACTIONS),
  record_kind: choiceOf(AUDIT_RECORD_KINDS).nullable(),
  record_id: z.number().int().nullable(),
  client_id: z.number().int().nullable(),
  address: z.string().nullable(),
  user_agent: z.string().nullable(),
  outcome: choiceOf(AUDIT_OUTCOMES),
  /** The record's name as it was (a change's) or is (a read's), where known: null for one gone. */
  record_name: z.string().nullable(),
  /** An update's changed fields, before and after; null for any other entry. */
  changes: z.array(auditChangeSchema).nullable(),
  /** A refusal's error code (API_ERRORS); null when allowed. */
  reason: z.string().nullable(),
  /** The rest of what the entry records (filters, rows, the role's before and after…). */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListResponseSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
});
export type AuditList = z.infer<typeof auditListResponseSchema>;

// Names in the API description's components.schemas (api-names.ts).
nameSchemas({
  AuditEntry: auditEntrySchema,
  AuditListResponse: auditListResponseSchema,
});
