import { applyClientSaveRules, maskSin, normalizeName } from '@cairn/shared/client-rules';
import type {
  Client,
  ClientListItem,
  ClientOption,
  clientCreateBodySchema,
  clientListQuerySchema,
  clientUpdateBodySchema,
  duplicateCheckBodySchema,
  duplicateCheckResponseSchema,
} from '@cairn/shared/clients.schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { clientDerivedColumns, clientNameKey } from '../../db/client-row.ts';
import type { Db } from '../../db/database.ts';
import { violatedConstraint } from '../../db/db-errors.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { requireCentreChoice, type Scope } from '../access/access.policy.ts';
import * as repo from './clients.repository.ts';

type CreateInput = z.output<typeof clientCreateBodySchema>;
type UpdateInput = z.output<typeof clientUpdateBodySchema>;
type ListQuery = z.output<typeof clientListQuerySchema>;
type DuplicateInput = z.output<typeof duplicateCheckBodySchema>;
type DuplicateMatches = z.infer<typeof duplicateCheckResponseSchema>;
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

export async function listClients(
  db: Db,
  scope: Scope,
  query: ListQuery,
): Promise<{ items: ClientListItem[]; total: number }> {
  const rows = await repo.listClients(db, scope, {
    sort: query.sort_by,
    // Newest changes first by default; every other column reads A to Z first.
    desc: query.sort_desc ?? query.sort_by === 'updated_at',
    words: searchWords(query.s),
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const items: ClientListItem[] = [];
  for (const r of rows) {
    if (r.client_id === null) continue;
    items.push({
      client_id: r.client_id,
      full_name: r.full_name!,
      email: r.email,
      phone: r.phone,
      centre_name: r.centre_name!,
      recent_plan_status: r.recent_plan_status,
      updated_at: r.updated_at!,
      _missing: r.missing_info!,
    });
  }
  return { items, total: rows[0]?.total ?? 0 };
}

/** GET /clients/minimal and GET /clients/search/{text}: one answer for both. */
export function clientOptions(
  db: Db,
  scope: Scope,
  s: string | undefined,
  limit: number,
): Promise<ClientOption[]> {
  return repo.listClientOptions(db, scope, searchWords(s), limit);
}

export async function getClient(db: Db, scope: Scope, clientId: number): Promise<Client> {
  const row = await repo.findClientProfile(db, scope, clientId);
  if (!row) throw notFound();
  return toClient(row);
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
  const centreId = input.centre_id ?? actor.centreId;
  if (centreId == null) throw badRequest({ centre_id: { code: 'required' } });
  requireCentreChoice(scope, centreId);
  const values: repo.ClientValues = {
    ...fieldValues(deps, input),
    consent: input.consent,
    centreId,
    createdBy: actor.userId,
  };
  return translateCentreErrors(() =>
    deps.db.transaction(async (tx) => {
      const id = await repo.insertClient(tx, values);
      const row = await repo.findClientProfile(tx, scope, id);
      return { id, client: toClient(row!) };
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
): Promise<Client> {
  return translateCentreErrors(() =>
    deps.db.transaction(async (tx) => {
      const stored = await repo.lockClient(tx, scope, clientId);
      if (!stored) throw notFound();
      const centreId = input.centre_id ?? stored.centreId;
      if (centreId !== stored.centreId) requireCentreChoice(scope, centreId);
      await repo.updateClient(tx, clientId, {
        ...fieldValues(deps, input),
        ...(input.consent === undefined ? {} : { consent: input.consent }),
        centreId,
      });
      const row = await repo.findClientProfile(tx, scope, clientId);
      return toClient(row!);
    }),
  );
}

/** Deletes a client for good: it is personal data, and its plans and records go with it. */
export async function deleteClient(db: Db, scope: Scope, clientId: number): Promise<void> {
  if (!(await repo.deleteClient(db, scope, clientId))) throw notFound();
}

/** The SIN in clear, on request only; every reveal leaves an audit line that never holds the SIN. */
export async function revealSin(
  deps: Deps,
  log: Pick<FastifyBaseLogger, 'info'>,
  actor: Actor,
  scope: Scope,
  clientId: number,
): Promise<{ sin: string }> {
  const row = await repo.findEncryptedSin(deps.db, scope, clientId);
  if (!row?.sinEncrypted) throw notFound();
  const sin = deps.clientCrypto.decrypt(row.sinEncrypted);
  log.info(
    { audit: 'client_sin_revealed', user_id: actor.userId, client_id: clientId },
    'client SIN revealed',
  );
  return { sin };
}

/** Clients within the scope that may be the one being entered (issue: duplicate warning). */
export async function findDuplicates(
  deps: Deps,
  scope: Scope,
  input: DuplicateInput,
): Promise<DuplicateMatches> {
  const first = input.first_name ?? '';
  const last = input.last_name ?? '';
  const hasName = normalizeName(first) !== '' && normalizeName(last) !== '';
  const matches = await repo.findDuplicates(deps.db, scope, {
    nameAndBirth:
      hasName && input.date_of_birth
        ? { nameKey: clientNameKey(first, last), dateOfBirth: input.date_of_birth }
        : null,
    sinHash: input.sin ? deps.clientCrypto.hash(input.sin) : null,
    excludeClientId: input.exclude_client_id ?? null,
    limit: DUPLICATE_LIMIT,
  });
  return { matches };
}

type ClientFields = CreateInput | UpdateInput;

/**
 * Spec §5 save rules (shared with the web: applyClientSaveRules) on a parsed body, whose schemas
 * already turned empty strings into null. The derived
 * columns (missing flag, search text, name key, and the SIN's columns when the body has `sin`)
 * come from the one function every writer of client rows uses.
 */
function fieldValues(deps: Deps, body: ClientFields) {
  const input = applyClientSaveRules(body);
  return {
    firstName: input.first_name,
    middleName: input.middle_name,
    lastName: input.last_name,
    dateOfBirth: input.date_of_birth,
    gender: input.gender,
    email: input.email,
    phone: input.phone,
    address: input.address,
    city: input.city,
    province: input.province,
    postalCode: input.postal_code,
    languageSpoken: input.language_spoken,
    maritalStatus: input.marital_status,
    numberDependents: input.number_dependents,
    youthInCare: input.youth_in_care,
    disability: input.disability,
    citizenship: input.citizenship,
    highestEducation: input.highest_education,
    indigenous: input.indigenous,
    statusType: input.status_type,
    nation: input.nation,
    reserve: input.reserve,
    statusNumber: input.status_number,
    indigenousLanguage: input.indigenous_language,
    ...clientDerivedColumns(input, deps.clientCrypto),
  };
}

/** The Client of spec §3: never the SIN, only whether there is one and its mask. */
function toClient(row: repo.ClientProfileRow): Client {
  return {
    client_id: row.client_id,
    first_name: row.first_name,
    middle_name: row.middle_name,
    last_name: row.last_name,
    full_name: `${row.first_name} ${row.last_name}`,
    date_of_birth: row.date_of_birth,
    gender: row.gender,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    province: row.province,
    postal_code: row.postal_code,
    has_sin: row.has_sin,
    sin_masked: row.has_sin ? maskSin(row.sin_last3) : null,
    language_spoken: row.language_spoken,
    marital_status: row.marital_status,
    number_dependents: row.number_dependents,
    youth_in_care: row.youth_in_care,
    nation: row.nation,
    disability: row.disability,
    citizenship: row.citizenship,
    highest_education: row.highest_education,
    indigenous: row.indigenous,
    status_type: row.status_type,
    reserve: row.reserve,
    indigenous_language: row.indigenous_language,
    status_number: row.status_number,
    consent: row.consent,
    centre_id: row.centre_id,
    centre_name: row.centre_name,
    groups: row.groups,
    plans_count: row.plans_count,
    stories_count: row.stories_count,
    _missing: row.missing_info,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
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
