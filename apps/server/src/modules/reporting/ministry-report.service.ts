import { englishSpreadsheet as words } from '@cairn/shared/english';
import { fiscalYearOf } from '@cairn/shared/fiscal-year';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forEachBatch, inSnapshot } from '../../db/cursor.ts';
import type { Db, Executor } from '../../db/database.ts';
import { sendXlsx, type CellValue, type XlsxWriter } from '../../lib/xlsx-stream.ts';
import {
  interventionsSql,
  outcomesSql,
  participantsSql,
  quarterFigures,
  spendingSql,
  type MinistryRange,
} from './ministry-report.repository.ts';
import { auditNote } from '../audit/audit.policy.ts';

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

/** Summary: each figure per fiscal quarter of the range, then the total (spending in dollars). */
async function writeSummary(tx: Executor, xlsx: XlsxWriter, r: MinistryRange) {
  const headers = ['fiscal_year', 'quarter', ...SUMMARY_FIGURES].map((k) => words(`ministry.summary.${k}`));
  const sheet = xlsx.sheet(words('ministry.sheets.summary'), headers);
  const values = new Map<string, number>();
  for (const f of await quarterFigures(tx, r))
    values.set(`${f.fy}/${f.quarter}/${f.figure}`, Number(f.value));
  const total = new Map<string, number>(SUMMARY_FIGURES.map((f) => [f, 0]));
  const shown = (figure: string, n: number) => (figure === 'spending' ? n / 100 : n);
  for (const { fy, quarter } of quartersOf(r)) {
    const row = SUMMARY_FIGURES.map((f) => {
      const n = values.get(`${fy}/${quarter}/${f}`) ?? 0;
      total.set(f, total.get(f)! + n);
      return shown(f, n);
    });
    sheet.row([`${fy}-${String((fy + 1) % 100).padStart(2, '0')}`, `Q${quarter}`, ...row]);
  }
  sheet.row([words('ministry.summary.total'), null, ...SUMMARY_FIGURES.map((f) => shown(f, total.get(f)!))]);
}

/** A sheet streamed from a statement through a cursor, one row a record, `cells` in column order. */
async function writeStreamed<R>(
  tx: Executor,
  xlsx: XlsxWriter,
  name: string,
  columns: readonly string[],
  query: Parameters<typeof forEachBatch>[1],
  cells: (row: R) => CellValue[],
): Promise<number> {
  let written = 0;
  const sheet = xlsx.sheet(
    words(`ministry.sheets.${name}`),
    columns.map((c) => words(`ministry.${name}.${c}`)),
  );
  await forEachBatch<R>(tx, query, async (rows) => {
    for (const row of rows) sheet.row(cells(row));
    written += rows.length;
    await sheet.drained();
  });
  return written;
}

type Row = Record<string, string | number | boolean | null>;
const plain = (columns: readonly string[]) => (row: Row) =>
  columns.map((c): CellValue => {
    const v = row[c];
    if (v === null || v === undefined) return null;
    if (typeof v === 'boolean') return v ? 'Yes' : 'No';
    return typeof v === 'number' ? v : String(v);
  });

/** GET /reporting/ministry-report: the ministry spreadsheet, streamed while it is read. */
export function ministryReport(db: Db, request: FastifyRequest, reply: FastifyReply, r: MinistryRange) {
  const fileName = words('ministry.fileName', { start: r.start, end: r.end });
  return sendXlsx(request, reply, fileName, (xlsx) =>
    inSnapshot(db, async (tx) => {
      await writeSummary(tx, xlsx, r);
      const participants = await writeStreamed<Row>(
        tx,
        xlsx,
        'participants',
        PARTICIPANT_COLUMNS,
        participantsSql(r),
        plain(PARTICIPANT_COLUMNS),
      );
      const kindWord = (row: Row) => ({
        ...row,
        kind: words(`ministry.interventions.kind_${String(row.kind)}`),
      });
      const interventions = await writeStreamed<Row>(
        tx,
        xlsx,
        'interventions',
        INTERVENTION_COLUMNS,
        interventionsSql(r),
        (row) => plain(INTERVENTION_COLUMNS)(kindWord(row)),
      );
      const outcomes = await writeStreamed<Row>(
        tx,
        xlsx,
        'outcomes',
        OUTCOME_COLUMNS,
        outcomesSql(r),
        plain(OUTCOME_COLUMNS),
      );
      const spending = await writeStreamed<Row>(
        tx,
        xlsx,
        'spending',
        SPENDING_COLUMNS,
        spendingSql(r),
        plain(SPENDING_COLUMNS),
      );
      // The audit entry: the range and the rows of each sheet (issue 14), before the file ends.
      auditNote({
        details: { start: r.start, end: r.end, rows: { participants, interventions, outcomes, spending } },
      });
      await xlsx.finish();
    }),
  );
}
