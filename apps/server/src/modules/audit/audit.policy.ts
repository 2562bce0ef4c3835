import type { AuditAction, AuditRecordKind } from '@cairn/shared/audit.schemas';
import type { FastifyRequest } from 'fastify';

/**
 * The audit trail's declaration (docs/ARCHITECTURE.md, "The audit trail"): a route says what it
 * does to which kind of record with `...audited('read', 'plan')` beside `...requires(...)`, and
 * the app writes one entry per call (plugins/audit.ts). During the call, the access layer notes
 * the records it resolved and a service adds what only it knows with `auditNote(...)`, on the
 * request's context (AuditCarrier, below).
 */

/**
 * Where an entry's record id comes from: the path's `{id}` ('param', the default for a path ending
 * in `/{id}`), the answer's `id` or `<kind>_id` ('answer', the default for other POSTs), or none.
 */
export type AuditIdSource = 'param' | 'answer' | 'none';

/** What a route declares: its action on a kind of record, and where the record's id comes from. */
export interface AuditSpec {
  action: AuditAction;
  kind: AuditRecordKind;
  /** The record's id (AuditIdSource); the default follows the route's path and method. */
  id?: AuditIdSource;
  /** The answer lists clients: the entry names the `client_id` of each (lists, searches, members). */
  list?: boolean;
  /** Fixed details of every entry of the route (which catalogue list, which bulk action). */
  details?: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's audit declaration (`audited()`); shown in the API description as `x-audit`. */
    audit?: AuditSpec;
  }
}

/** Route options declaring the audit entry a route writes on every call, allowed or refused. */
export function audited(
  action: AuditAction,
  kind: AuditRecordKind,
  options: Omit<AuditSpec, 'action' | 'kind'> = {},
) {
  return { config: { audit: { action, kind, ...options } satisfies AuditSpec } };
}

/** A record the access layer resolved during the call. */
export interface NotedPlace {
  kind: string;
  id: number;
  clientId: number | null;
  /** The client's name as the check read it (access.repository.ts RecordPlace), when it did. */
  clientName: string | null;
}

/** What a service adds to its call's entry. Never a SIN, a password or a token. */
export interface AuditNote {
  /** The action when it differs from the route's (a failed sign-in, a lockout). */
  action?: AuditAction;
  /** The user concerned when nobody is signed in (sign-in, reset), with their role if known. */
  userId?: number;
  roleId?: number;
  recordId?: number;
  clientId?: number;
  /** The clients the call touched or returned (a bulk action's members). */
  clientIds?: readonly number[];
  /** Export parameters and row count, changed fields with before and after values… */
  details?: Record<string, unknown>;
}

/**
 * The actions that change what is stored: their entry is written in the change's own transaction
 * (audit-transaction.service.ts), never queued, so no change is ever confirmed without it.
 */
const CHANGES: ReadonlySet<AuditAction> = new Set<AuditAction>([
  'create',
  'update',
  'delete',
  'password_reset',
  'password_change',
]);

export const isChange = (action: string): boolean => CHANGES.has(action as AuditAction);

/** The call's context: filled while it runs, written when it has answered. */
export interface AuditContext {
  /** The call (its caller, address and user agent name the entry). */
  request: FastifyRequest;
  /** The route's declaration, and where its record id comes from. */
  spec: AuditSpec;
  idSource: AuditIdSource;
  places: NotedPlace[];
  note: AuditNote;
  answer?: unknown;
  /** Audited transactions open for the call: only the outermost writes the entry. */
  depth: number;
  /** The entry was written in the call's transaction, which committed: nothing is queued for it. */
  written?: boolean;
  /** The call has answered (its entry is queued) or was abandoned: a flush no longer waits for it. */
  settled?: boolean;
}

/**
 * What a call's context rides on: the request (`request.auditContext`, opened by the audit
 * plugin) and the request's actor, which the auth hook gives the same context and the access
 * layer receives with every check. Passed on explicitly rather than through AsyncLocalStorage:
 * once that is used, Node.js runs its hooks for every promise of every request (measured: 7–17 %
 * of the client profile's throughput, the trail on or off).
 */
export interface AuditCarrier {
  readonly auditContext?: AuditContext | undefined;
}

/** The access layer: the records it resolved for this call (nothing outside an audited call). */
export function noteRecords(
  carrier: AuditCarrier,
  kind: string,
  places: Iterable<{ id: number; clientId?: number | null; clientName?: string }>,
): void {
  const context = carrier.auditContext;
  if (!context) return;
  for (const p of places)
    context.places.push({ kind, id: p.id, clientId: p.clientId ?? null, clientName: p.clientName ?? null });
}

/**
 * The answer a change produced, when the route does not send it through its response schema (an
 * idempotent create sends the kept text): the entry takes the new record's id from it.
 */
export function auditAnswer(carrier: AuditCarrier, answer: unknown): void {
  const context = carrier.auditContext;
  if (context) context.answer = answer;
}

/** What only the service knows, added to the call's entry; details merge key by key. */
export function auditNote(carrier: AuditCarrier, note: AuditNote): void {
  const context = carrier.auditContext;
  if (!context) return;
  const details = note.details ? { ...context.note.details, ...note.details } : context.note.details;
  context.note = { ...context.note, ...note, ...(details ? { details } : {}) };
}
