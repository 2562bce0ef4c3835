import { ID_MAX } from '@cairn/shared/validators';
import type { FastifyRequest } from 'fastify';
import type { AuditContext, AuditIdSource, AuditSpec } from './audit.policy.ts';
import type { PendingEntry } from './audit-writer.service.ts';

/** A user agent is kept to this length. */
const USER_AGENT_MAX = 512;

/** A whole number that can name a record, or null (a path's `{id}` may be anything). */
function toId(value: unknown): number | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isInteger(n) && n > 0 && n <= ID_MAX ? n : null;
}

function fieldOf(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}

/** The id an object holds under `key` (a path's params, an answer), or null. */
export function asId(value: unknown, key: string): number | null {
  return toId(fieldOf(value, key));
}

/** The `client_id` of every item of a list answer: an array, `items`, `matches` or a group's `clients`. */
export function clientIdsIn(answer: unknown): number[] {
  const list = Array.isArray(answer)
    ? answer
    : (fieldOf(answer, 'items') ?? fieldOf(answer, 'matches') ?? fieldOf(answer, 'clients'));
  if (!Array.isArray(list)) return [];
  return [...new Set(list.map((item) => asId(item, 'client_id')).filter((id) => id !== null))];
}

/** Where a route's record id comes from when its declaration does not say: read once per call. */
export function idSourceOf(spec: AuditSpec, url: string | undefined, method: string): AuditIdSource {
  if (spec.id) return spec.id;
  if (url?.endsWith('/:id')) return 'param';
  return method === 'POST' ? 'answer' : 'none';
}

/** The distinct ids of the lists, in order of first appearance. */
function distinctIds(...lists: ReadonlyArray<readonly number[]>): number[] {
  const nonEmpty = lists.filter((l) => l.length > 0);
  if (nonEmpty.length <= 1 && (nonEmpty[0]?.length ?? 0) <= 1) return nonEmpty[0] ? [...nonEmpty[0]] : [];
  return [...new Set(nonEmpty.flat())];
}

/**
 * The entry of one audited call: the route's declaration and what the access layer resolved and
 * the service noted during the call (`context`), and the answer's status (below 400 allowed,
 * refused otherwise: 401, 403, 404, and the 400s and 409s that changed nothing). Built for every
 * audited call on the server's thread: no spread, no set, no getter beyond the request's own.
 */
export function entryOf(
  request: FastifyRequest,
  status: number,
  context: AuditContext,
  at: Date,
): PendingEntry {
  const { spec, idSource, note, places } = context;
  const ok = status < 400;
  const answer = ok ? context.answer : undefined;
  const recordId =
    note.recordId ??
    (idSource === 'param'
      ? asId(request.params, 'id')
      : idSource === 'answer'
        ? (asId(answer, 'id') ?? asId(answer, `${spec.kind}_id`))
        : null);

  const placeClients: number[] = [];
  for (const p of places)
    if (p.clientId !== null && !placeClients.includes(p.clientId)) placeClients.push(p.clientId);
  const clientIds = distinctIds(note.clientIds ?? [], spec.list ? clientIdsIn(answer) : [], placeClients);
  const clientId =
    note.clientId ??
    (spec.kind === 'client' && !spec.list ? recordId : null) ??
    (placeClients.length === 1 ? placeClients[0]! : null) ??
    (spec.list ? null : asId(answer, 'client_id'));

  const details: Record<string, unknown> =
    spec.details || note.details ? { ...spec.details, ...note.details } : {};
  // The record the call went through, when it is not the entry's own (a plan's notes, a group).
  const via = places.find((p) => p.kind !== spec.kind);
  if (via) details[`${via.kind}_id`] = via.id;
  if (spec.list || clientIds.length > 1) details.client_ids = clientIds;
  if (!ok) {
    details.status = status;
    // The refusal's error code (the answer's `error.code`, kept by the plugin for errors too).
    const reason = fieldOf(fieldOf(context.answer, 'error'), 'code');
    if (typeof reason === 'string') details.reason = reason;
  }

  const userAgent = request.headers['user-agent'];
  return {
    at: at.toISOString(),
    userId: request.actor?.userId ?? note.userId ?? null,
    roleId: request.actor?.roleId ?? note.roleId ?? null,
    action: note.action ?? spec.action,
    recordKind: spec.kind,
    recordId,
    clientId,
    address: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX) : null,
    outcome: ok ? 'allowed' : 'refused',
    details,
  };
}
