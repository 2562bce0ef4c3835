import { applyClientSaveRules, normalizeName } from '@cairn/shared/client-rules';
import type {
  ClientSort,
  Client,
  ClientList,
  ClientOption,
  clientCreateBodySchema,
  clientListQuerySchema,
  clientUpdateBodySchema,
  duplicateCheckBodySchema,
  DuplicateMatches,
} from '@cairn/shared/clients.schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { clientRowValues } from '../../db/client-row.ts';
import type { Db } from '../../db/database.ts';
import { violatedConstraint } from '../../db/db-errors.ts';
import { HttpError, mergedClient, notFound } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import type { Scope } from '../access/access.policy.ts';
import { intakeCentre, savedCentre } from '../access/clients.policy.ts';
import { intakeWorker } from '../access/caseloads.policy.ts';
import * as repo from './clients.repository.ts';
import * as listRepo from './clients-list.repository.ts';
import { findMergedInto } from '../access/access.repository.ts';
import type { ListFilter } from './clients-list-filters.repository.ts';
import type { ListOrder } from './clients-list.repository.ts';
import { hasClientListFilter, rangeFilterOf, type ClientListFilter } from '@cairn/shared/client-list-filters';
import { auditedTransaction } from '../audit/audit-transaction.service.ts';
import { matchPeople } from '../duplicates/duplicates.service.ts';
import type { AuditCarrier } from '../audit/audit.policy.ts';

type CreateInput = z.output<typeof clientCreateBodySchema>;
type UpdateInput = z.output<typeof clientUpdateBodySchema>;
type ListQuery = z.output<typeof clientListQuerySchema>;
type DuplicateInput = z.output<typeof duplicateCheckBodySchema>;
type Deps = Pick<AppContext, 'db' | 'clientCrypto'>;

/** At most this many possible duplicates are shown before an intake is saved. */
const DUPLICATE_LIMIT = 10;
/** Words of a search beyond these add nothing a user needs and only cost index work. */
const MAX_SEARCH_WORDS = 6;

/**
 * The words a search looks for, normalised as the stored search text is: lower case without
 * accents; a phone number (digits and punctuation only) by its digits, however it is written.
 * Every word must match, so 'zoe tremblay' still finds Zoé Marie Tremblay.
 */
export function searchWords(text: string | null | undefined): string[] {
  const s = (text ?? '').trim();
  if (/\d/.test(s) && /^[\d\s()+.-]+$/.test(s)) return [s.replace(/\D/g, '')];
  return normalizeName(s).split(' ').filter(Boolean).slice(0, MAX_SEARCH_WORDS);
}

/** The list's filters as the list statement takes them (client-list-filters.ts). */
export function listFilterOf(query: ClientListFilter): ListFilter | undefined {
  if (!hasClientListFilter(query)) return undefined;
  return { centreId: query.centre_id ?? null, range: rangeFilterOf(query) };
}

/**
 * The list's order: the column asked for; else a search's best matches first, or the newest
 * changes first. Newest first is also a date's natural direction; every other column reads A to Z.
 */
export const listOrder = (sort: ClientSort | undefined, words: readonly string[]): ListOrder =>
  sort ?? (words.length > 0 ? 'best_match' : 'updated_at');

export function listClients(
  db: Db,
  scope: Scope,
  query: ListQuery,
  worker?: number | null,
): Promise<ClientList> {
  const words = searchWords(query.s);
  const sort = listOrder(query.sort_by, words);
  return listRepo.listClients(db, scope, {
    worker,
    sort,
    desc: query.sort_desc ?? sort === 'updated_at',
    words,
    filter: listFilterOf(query),
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
}

/** GET /clients/minimal and GET /clients/search/{text}: one answer for both. */
export function clientOptions(
  db: Db,
  scope: Scope,
  s: string | undefined,
  limit: number,
): Promise<ClientOption[]> {
  return listRepo.listClientOptions(db, scope, searchWords(s), limit);
}

export async function getClient(db: Db, scope: Scope, clientId: number): Promise<Client> {
  const client = await repo.findClientProfile(db, scope, clientId);
  if (client) return client;
  // A client merged into another answers where it went (the web follows it).
  const keptId = await findMergedInto(db, scope, clientId);
  throw keptId === undefined ? notFound() : mergedClient(keptId);
}

/**
 * Creates a client from the whole intake. The centre is the caller's unless they name one they
 * may use; an Admin without a centre has to name one.
 */
export async function createClient(
  deps: Deps,
  actor: Actor,
  scope: Scope,
  input: CreateInput,
): Promise<{ id: number; client: Client }> {
  const centreId = intakeCentre(actor, scope, input.centre_id);
  const { worker_id, ...answers } = input;
  const values = { ...saveValues(deps, answers, centreId), createdBy: actor.userId };
  return translateCentreErrors(() =>
    auditedTransaction(deps.db, actor, async (tx) => {
      const workerId = await intakeWorker(tx, actor, scope, centreId, worker_id);
      const id = await repo.insertClient(tx, { ...values, workerId });
      const client = await repo.findClientProfile(tx, scope, id);
      return { id, client: client! };
    }),
  );
}

/**
 * Saves the whole client. A SIN left out stays as stored and null clears it; consent left out
 * stays; a centre left out stays, and moving the client elsewhere needs the right to that centre.
 */
export async function updateClient(
  deps: Deps,
  scope: Scope,
  clientId: number,
  input: UpdateInput,
  audit: AuditCarrier,
): Promise<Client> {
  return translateCentreErrors(() =>
    auditedTransaction(deps.db, audit, async (tx) => {
      const stored = await repo.lockClient(tx, scope, clientId);
      if (!stored) throw notFound();
      const centreId = savedCentre(scope, stored.centreId, input.centre_id);
      // A worker is one of the client's centre's: moving the client leaves it unassigned.
      const moved = centreId !== stored.centreId ? { workerId: null } : {};
      await repo.updateClient(tx, clientId, { ...saveValues(deps, input, centreId), ...moved });
      const client = await repo.findClientProfile(tx, scope, clientId);
      return client!;
    }),
  );
}

/** Deletes a client for good: it is personal data, and its plans and records go with it. */
export async function deleteClient(
  db: Db,
  scope: Scope,
  clientId: number,
  audit: AuditCarrier,
): Promise<void> {
  await auditedTransaction(db, audit, async (tx) => {
    if (!(await repo.deleteClient(tx, scope, clientId))) throw notFound();
  });
}

/** The SIN in clear, on request only; every reveal leaves an audit line that never holds the SIN. */
export async function revealSin(
  deps: Deps,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  actor: Actor,
  scope: Scope,
  clientId: number,
): Promise<{ sin: string }> {
  const row = await repo.findEncryptedSin(deps.db, scope, clientId);
  if (!row?.sinEncrypted) throw notFound();
  let sin: string;
  try {
    sin = deps.clientCrypto.decrypt(row.sinEncrypted);
  } catch (err) {
    // Under a key this server was not given (CLIENT_DATA_KEYS_PREVIOUS), or damaged: said, never a 500.
    log.error({ err, client_id: clientId }, 'client SIN could not be decrypted');
    throw new HttpError(409, 'sin_unreadable');
  }
  log.info(
    { audit: 'client_sin_revealed', user_id: actor.userId, client_id: clientId },
    'client SIN revealed',
  );
  return { sin };
}

/**
 * Clients within the scope that may be the one being entered (the intake's duplicate warning):
 * the duplicate finder's matches (modules/duplicates), best first, with their score and reasons.
 */
export async function findDuplicates(
  deps: Deps,
  scope: Scope,
  input: DuplicateInput,
): Promise<DuplicateMatches> {
  const [found = []] = await matchPeople(deps, scope, [input], DUPLICATE_LIMIT);
  const named = new Map(
    (
      await repo.clientNames(
        deps.db,
        found.map((m) => m.client_id),
      )
    ).map((c) => [c.client_id, c]),
  );
  return {
    matches: found.map((m) => ({ ...named.get(m.client_id)!, score: m.score, reasons: m.reasons })),
  };
}

/**
 * What a save writes (typed by the clients table): the body's fields after the spec §5 save rules
 * (shared with the web: applyClientSaveRules) on a parsed body, whose schemas already turned empty
 * strings into null; the derived columns (missing flag, search text, name key, and the SIN's
 * columns when the body has `sin`); and the centre. A consent left out (undefined) stays as stored.
 */
function saveValues<B extends Omit<CreateInput, 'worker_id'> | UpdateInput>(
  deps: Deps,
  body: B,
  centreId: number,
) {
  return { ...clientRowValues(applyClientSaveRules(body), deps.clientCrypto), centreId };
}

/**
 * The database checks that a centre exists, even against a concurrent delete; naming one that
 * does not is the caller's mistake (400), not a fault.
 */
async function translateCentreErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const violated = violatedConstraint(err);
    if (violated?.code === '23503' && violated.constraint === repo.CLIENT_CENTRE_FK) {
      throw new HttpError(400, 'centre_not_found', { centre_id: { code: 'centre_not_found' } });
    }
    throw err;
  }
}
