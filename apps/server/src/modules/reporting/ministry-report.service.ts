import { todayIso } from '@cairn/shared/dates';
import type { ChoiceList, Words } from '@cairn/shared/wording';
import { fiscalYearOf } from '@cairn/shared/fiscal-year';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { inSharedSnapshot, type Snapshot } from '../../db/cursor.ts';
import type { Db } from '../../db/database.ts';
import { sendXlsx, type CellValue, type XlsxWriter } from '../../lib/xlsx-stream.ts';
import {
  countRows,
  followUpsSql,
  interventionsSql,
  outcomesSql,
  participantsSql,
  quarterFigures,
  spendingSql,
  type MinistryRange,
  type QuarterFigure,
} from './ministry-report.repository.ts';
import { auditNote } from '../audit/audit.policy.ts';
import { FOLLOW_UP_COLUMNS, followUpStatusWord, writeRetention } from './ministry-follow-ups.service.ts';
import { retentionCounts, type RetentionCounts } from './reporting-retention.repository.ts';

const SUMMARY_FIGURES = [
  'new_clients',
  'plans_opened',
  'plans_closed',
  'outcomes',
  'employed_at_exit',
  'certificates_received',
  'interactions',
  'trainings',
  'spending',
  'stories',
] as const;

const PARTICIPANT_COLUMNS = [
  'client_id',
  'centre_id',
  'intake_date',
  'gender',
  'age_band',
  'province',
  'education',
  'citizenship',
  'plan_id',
  'plan_start',
  'plan_end',
  'employment_at_start',
  'program_outcome',
  'post_program_status',
] as const;
const INTERVENTION_COLUMNS = [
  'kind',
  'client_id',
  'plan_id',
  'item',
  'category',
  'reporting_type',
  'noc',
  'date',
] as const;
const OUTCOME_COLUMNS = [
  'client_id',
  'plan_id',
  'date',
  'program_outcome',
  'incomplete_reason',
  'post_program_status',
  'employment_type',
  'job_title',
  'received_certificate',
] as const;
const SPENDING_COLUMNS = [
  'client_id',
  'plan_id',
  'date',
  'fiscal_year',
  'item',
  'work_gear',
  'value',
] as const;

/** The fiscal quarters (year, 1–4) the range touches, in order. */
export function quartersOf(r: MinistryRange): Array<{ fy: number; quarter: number }> {
  const out: Array<{ fy: number; quarter: number }> = [];
  const first = fiscalYearOf(r.start);
  const last = fiscalYearOf(r.end);
  const quarterOf = (d: string) => Math.floor(((Number(d.slice(5, 7)) + 8) % 12) / 3) + 1;
  for (let fy = first; fy <= last; fy++) {
    for (let q = 1; q <= 4; q++) {
      if (fy === first && q < quarterOf(r.start)) continue;
      if (fy === last && q > quarterOf(r.end)) continue;
      out.push({ fy, quarter: q });
    }
  }
  return out;
}

/**
 * Summary: each figure per fiscal quarter of the range, then the total (spending in dollars); then
 * retention, a row per follow-up month (reporting-retention.repository.ts).
 */
function writeSummary(
  xlsx: XlsxWriter,
  words: Words['spreadsheet'],
  r: MinistryRange,
  figures: QuarterFigure[],
  retention: RetentionCounts[],
) {
  const headers = ['fiscal_year', 'quarter', ...SUMMARY_FIGURES].map((k) => words(`ministry.summary.${k}`));
  const sheet = xlsx.sheet(words('ministry.sheets.summary'), headers);
  const values = new Map<string, number>();
  for (const f of figures) values.set(`${f.fy}/${f.quarter}/${f.figure}`, Number(f.value));
  const total = new Map<string, number>(SUMMARY_FIGURES.map((f) => [f, 0]));
  const shown = (figure: string, n: number) => (figure === 'spending' ? n / 100 : n);
  for (const { fy, quarter } of quartersOf(r)) {
    const row = SUMMARY_FIGURES.map((f) => {
      const n = values.get(`${fy}/${quarter}/${f}`) ?? 0;
      total.set(f, total.get(f)! + n);
      return shown(f, n);
    });
    sheet.row([
      `${fy}-${String((fy + 1) % 100).padStart(2, '0')}`,
      words('ministry.summary.quarterOf', { quarter }),
      ...row,
    ]);
  }
  sheet.row([words('ministry.summary.total'), null, ...SUMMARY_FIGURES.map((f) => shown(f, total.get(f)!))]);
  writeRetention(sheet, retention, words);
}

type Row = Record<string, string | number | boolean | null>;

/** The file's words for a boolean's two values, worded once per sheet. */
interface YesNo {
  yes: string;
  no: string;
}

/** A cell of a record: text, a number, the file's Yes or No for a boolean, or nothing. */
function plain(v: Row[string] | undefined, yesNo: YesNo): CellValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'boolean') return v ? yesNo.yes : yesNo.no;
  return v;
}

/** The streamed sheets, in order: each sheet's columns and its statement. */
const SHEETS = [
  { name: 'participants', columns: PARTICIPANT_COLUMNS, sql: participantsSql },
  { name: 'interventions', columns: INTERVENTION_COLUMNS, sql: interventionsSql },
  { name: 'outcomes', columns: OUTCOME_COLUMNS, sql: outcomesSql },
  { name: 'follow_ups', columns: FOLLOW_UP_COLUMNS, sql: followUpsSql },
  { name: 'spending', columns: SPENDING_COLUMNS, sql: spendingSql },
] as const;
type SheetName = (typeof SHEETS)[number]['name'];

/**
 * The columns holding a stored choice, by sheet, and the list labelling it (choices.json): the
 * file writes the choice's label in its language (English's is the value as stored). A province
 * stays its two-letter code, the same in both languages; the items and reporting types are the
 * catalogue's names, as named.
 */
const CHOICE_COLUMNS: Record<SheetName, Readonly<Record<string, ChoiceList>>> = {
  participants: {
    gender: 'gender',
    education: 'highest_education',
    citizenship: 'citizenship',
    employment_at_start: 'current_employment',
    program_outcome: 'program_outcome',
    post_program_status: 'post_program_status',
  },
  interventions: { category: 'support_category' },
  outcomes: {
    program_outcome: 'program_outcome',
    incomplete_reason: 'incomplete_reason',
    post_program_status: 'post_program_status',
    employment_type: 'outcome_employment_type',
    received_certificate: 'yes_no',
  },
  follow_ups: { hours: 'follow_up_hours' },
  spending: {},
};

/** Called after each batch of rows is written, with every sheet's rows written so far. */
export type RowsWritten = (rows: number) => void | Promise<void>;

/**
 * A sheet streamed from a statement's batches, one row a record, its columns in order. A
 * follow-up's status is its status on `today`. `onBatch` hears of each batch written, by its rows.
 */
async function writeStreamed(
  xlsx: XlsxWriter,
  words: Words['spreadsheet'],
  choice: Words['choice'],
  name: SheetName,
  columns: readonly string[],
  batches: AsyncIterable<Row[]>,
  today: string,
  onBatch: (rows: number) => void | Promise<void>,
): Promise<number> {
  let written = 0;
  const sheet = xlsx.sheet(
    words(`ministry.sheets.${name}`),
    columns.map((c) => words(`ministry.${name}.${c}`)),
  );
  // The interventions' kind is a code in the statement, a word in the file.
  const kinds = new Map<unknown, string>();
  const yesNo = { yes: words('ministry.yes'), no: words('ministry.no') };
  const choices = CHOICE_COLUMNS[name];
  const ageUnknown = words('ministry.participants.age_unknown');
  const cell = (row: Row, c: string): CellValue => {
    if (name === 'follow_ups' && c === 'status') return followUpStatusWord(row, today, words);
    const list = choices[c];
    const v = row[c];
    if (list !== undefined && typeof v === 'string') return choice(list, v);
    if (name === 'participants' && c === 'age_band' && v === 'unknown') return ageUnknown;
    if (name !== 'interventions' || c !== 'kind') return plain(v, yesNo);
    let word = kinds.get(row.kind);
    if (word === undefined)
      kinds.set(row.kind, (word = words(`ministry.interventions.kind_${String(row.kind)}`)));
    return word;
  };
  for await (const rows of batches) {
    for (const row of rows) sheet.row(columns.map((c) => cell(row, c)));
    written += rows.length;
    await sheet.drained();
    await onBatch(rows.length);
  }
  return written;
}

/** What a ministry file holds: its range and language, and its words in that language. */
export interface MinistryFileWords {
  words: Words['spreadsheet'];
  choice: Words['choice'];
}

/**
 * The ministry spreadsheet written into `xlsx` from one snapshot, in the words' language (its sheet
 * names, headers and words, and `choice`'s labels of the stored choices; the other stored values as
 * they are); answers each sheet's rows. The sheets' statements run in turn on the snapshot's
 * transactions (two on PostgreSQL), so the next sheet's rows are ready when this sheet is written.
 * Texts go through the shared-string table: they are codes, dates and catalogue names for the most
 * part (xlsx-stream.ts). `onRows` hears of every batch written (a background file's progress).
 */
export async function writeMinistryFile(
  snapshot: Snapshot,
  xlsx: XlsxWriter,
  r: MinistryRange,
  { words, choice }: MinistryFileWords,
  onRows: RowsWritten = () => {},
): Promise<Record<SheetName, number>> {
  const today = todayIso();
  const all = { ...r, scope: { allCentres: true, centreId: null } };
  // The summary's two statements one after the other on the first transaction.
  const summary = quarterFigures(snapshot.tx, r).then(
    async (quarters) => [quarters, await retentionCounts(snapshot.tx, all, today)] as const,
  );
  const reads = snapshot.readInTurn<Row>(SHEETS.map((s) => s.sql(r)));
  writeSummary(xlsx, words, r, ...(await summary));
  const rows = {} as Record<SheetName, number>;
  let written = 0;
  const progress = (n: number) => onRows((written += n));
  for (const [i, s] of SHEETS.entries())
    rows[s.name] = await writeStreamed(xlsx, words, choice, s.name, s.columns, reads[i]!, today, progress);
  return rows;
}

/** Every sheet's rows together, counted in the snapshot a file is written from (its progress's end). */
export async function ministryRowCount(snapshot: Snapshot, r: MinistryRange): Promise<number> {
  return countRows(
    snapshot.tx,
    SHEETS.map((s) => s.sql(r)),
  );
}

/**
 * GET /reporting/ministry-report: the ministry spreadsheet (writeMinistryFile), streamed while it
 * is read, from one snapshot.
 */
export function ministryReport(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  r: MinistryRange,
  fileWords: MinistryFileWords,
) {
  const fileName = fileWords.words('ministry.fileName', { start: r.start, end: r.end });
  return sendXlsx(
    request,
    reply,
    fileName,
    (xlsx) =>
      inSharedSnapshot(db, async (snapshot) => {
        const rows = await writeMinistryFile(snapshot, xlsx, r, fileWords);
        // The audit entry: the range and the rows of each sheet (issue 14), before the file ends.
        auditNote(request, { details: { start: r.start, end: r.end, rows } });
        await xlsx.finish();
      }),
    { sharedStrings: true },
  );
}
