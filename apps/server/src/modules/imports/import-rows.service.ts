import { checkRow, rowAnswers } from '@cairn/shared/import-rows';
import { headerKey } from '@cairn/shared/import-reading';
import type { FieldMessage } from '@cairn/shared/errors';
import type { DateOrder, ImportField } from '@cairn/shared/imports.schemas';
import type { clientCreateBodySchema } from '@cairn/shared/clients.schemas';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Db, Executor } from '../../db/database.ts';
import type { Scope } from '../access/access.policy.ts';
import { rowCentre } from '../access/imports.policy.ts';
import { listCentres } from '../centres/centres.service.ts';
import type { MatchPerson } from '../duplicates/duplicates.service.ts';
import * as repo from './imports.repository.ts';
import { cellsAsStored } from './import-labels.service.ts';

/**
 * A stored import's rows read back and checked (issue 31), a batch at a time: each row's answers
 * through the intake's checks (import-rows.ts), its centre (imports.policy.ts), and whether it is
 * a duplicate: of an existing client (a RowMatcher, import-matches.service.ts: the duplicate
 * matcher's matchPeople, one call per batch, or the preview's matches re-checked) or of an earlier row.
 * Preview, problems file and commit all walk the rows through here, so they never disagree.
 */
export const ROW_BATCH = 1000;

type Body = z.output<typeof clientCreateBodySchema>;

export type CheckedImportRow =
  | {
      rowNo: number;
      cells: Array<string | null>;
      valid: false;
      problems: Array<FieldMessage & { field: string }>;
    }
  | {
      rowNo: number;
      cells: Array<string | null>;
      valid: true;
      body: Body;
      centreId: number;
      /** The answers the file gives (no blank), what an update writes. */
      given: Partial<Body>;
      /** The existing client this row matches, if any. */
      match: number | undefined;
      /** The earlier row of the file this one repeats, if any. */
      repeats: number | undefined;
    };

export interface WalkSettings {
  importId: number;
  fields: ReadonlyArray<ImportField | null>;
  dateOrder: DateOrder;
  centreId: number | null;
}

type Deps = Pick<AppContext, 'clientCrypto'>;

/** The centres by id and by name (as headers compare): what a centre column may say. */
async function centreNames(db: Executor): Promise<(text: string) => number | null> {
  const centres = await listCentres(db as Db);
  const byName = new Map(centres.map((c) => [headerKey(c.name), c.centre_id]));
  const ids = new Set(centres.map((c) => c.centre_id));
  return (text) => {
    const t = text.trim();
    if (/^\d{1,9}$/.test(t)) return ids.has(Number(t)) ? Number(t) : null;
    return byName.get(headerKey(t)) ?? null;
  };
}

function checkOne(
  rowNo: number,
  cells: Array<string | null>,
  settings: WalkSettings,
  scope: Scope,
  centreOf: (text: string) => number | null,
): CheckedImportRow {
  // A choice given by its label, in English or French, is read as the value stored.
  const answers: Record<string, unknown> = rowAnswers(
    cellsAsStored(cells, settings.fields),
    settings.fields,
    settings.dateOrder,
  );
  const centreText = typeof answers.centre_id === 'string' ? answers.centre_id : null;
  const centre = rowCentre(scope, settings.centreId, centreText === null ? undefined : centreOf(centreText));
  answers.centre_id = 'centreId' in centre ? centre.centreId : undefined;
  const checked = checkRow(answers);
  const problems = checked.ok ? [] : checked.problems;
  if ('problem' in centre) problems.unshift({ field: 'centre_id', ...centre.problem });
  if (!checked.ok || !('centreId' in centre)) return { rowNo, cells, valid: false, problems };
  const given: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(checked.body)) {
    if (value !== null && value !== undefined && settings.fields.includes(field as ImportField))
      given[field] = value;
  }
  return {
    rowNo,
    cells,
    valid: true,
    body: checked.body,
    centreId: centre.centreId,
    given: given as Partial<Body>,
    match: undefined,
    repeats: undefined,
  };
}

/** The keys a row is the same person by, within the file. */
function personKeys(body: Body): string[] {
  const keys: string[] = [];
  if (body.date_of_birth)
    keys.push(`n|${headerKey(body.first_name)}|${headerKey(body.last_name)}|${body.date_of_birth}`);
  if (body.sin) keys.push(`s|${body.sin}`);
  return keys;
}

/**
 * Each valid row's best likely client (undefined: none), in order: from the rows' people, their
 * numbers and the matches the last preview stored for them (null: none, or not stored).
 */
export type RowMatcher = (
  db: Executor,
  rows: ReadonlyArray<{ rowNo: number; person: MatchPerson; stored: number | null }>,
) => Promise<Array<number | undefined>>;

type ValidRow = Extract<CheckedImportRow, { valid: true }>;

/** A batch read and checked, and its valid rows' matching: what it found, or why it failed. */
interface Matching {
  rows: CheckedImportRow[];
  valid: ValidRow[];
  found: Promise<{ best: Array<number | undefined> } | { error: unknown }>;
}

/**
 * Every row of the import in order, checked, `batch` called with each batch of up to ROW_BATCH
 * rows in order, the valid ones matched by `match`. `db` reads the rows and the clients (the
 * commit's transaction, or the database). With `ahead` above 1 (the database, never a
 * transaction: its one connection would only queue them), up to that many batches are matched at
 * once, each on a connection of its own, while the next is read and checked: the matcher is most
 * of a preview's time. A row repeating an earlier one (`repeats`) is found in the file's order
 * whatever the order the matches come back in.
 */
export async function walkRows(
  db: Executor,
  deps: Deps,
  scope: Scope,
  settings: WalkSettings,
  match: RowMatcher,
  batch: (rows: CheckedImportRow[]) => Promise<void>,
  ahead = 1,
): Promise<void> {
  const centreOf = await centreNames(db);
  const seen = new Map<string, number>();
  const inFlight: Matching[] = [];
  async function finish(m: Matching): Promise<void> {
    const found = await m.found;
    if ('error' in found) throw found.error;
    const matches = new Map(m.valid.map((row, i) => [row.rowNo, found.best[i]]));
    for (const row of m.valid) {
      row.match = matches.get(row.rowNo);
      for (const key of personKeys(row.body)) {
        const earlier = seen.get(key);
        if (earlier !== undefined) row.repeats ??= earlier;
        else seen.set(key, row.rowNo);
      }
    }
    await batch(m.rows);
  }
  let after = 0;
  for (;;) {
    const stored = await repo.readRows(db, settings.importId, after, ROW_BATCH);
    if (stored.length === 0) break;
    after = stored[stored.length - 1]!.rowNo;
    const rows = stored.map((r) =>
      checkOne(
        r.rowNo,
        JSON.parse(deps.clientCrypto.decrypt(r.cells)) as Array<string | null>,
        settings,
        scope,
        centreOf,
      ),
    );
    const valid = rows.filter((r): r is ValidRow => r.valid);
    const storedMatch = new Map(stored.map((r) => [r.rowNo, r.matchClientId]));
    // The one matcher of intake and the Possible duplicates list: its best match per row. Its
    // failure is kept, not left unhandled, and thrown when the batch's turn comes.
    const found = match(
      db,
      valid.map(({ rowNo, body }) => ({
        rowNo,
        stored: storedMatch.get(rowNo) ?? null,
        person: {
          first_name: body.first_name,
          last_name: body.last_name,
          date_of_birth: body.date_of_birth,
          sin: body.sin ?? null,
          email: body.email,
          phone: body.phone,
          postal_code: body.postal_code,
        },
      })),
    ).then(
      (best) => ({ best }),
      (error: unknown) => ({ error }),
    );
    inFlight.push({ rows, valid, found });
    if (inFlight.length >= ahead) await finish(inFlight.shift()!);
  }
  while (inFlight.length > 0) await finish(inFlight.shift()!);
}

/** Whether a checked row is a duplicate (of a client or an earlier row). */
export const isDuplicate = (row: CheckedImportRow): boolean =>
  row.valid && (row.match !== undefined || row.repeats !== undefined);
