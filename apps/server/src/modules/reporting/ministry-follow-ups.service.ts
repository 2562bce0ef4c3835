import type { Words } from '@cairn/shared/wording';
import { followUpStatus } from '@cairn/shared/follow-ups.schemas';
import type { SheetWriter } from '../../lib/xlsx-stream.ts';
import { RETENTION_MEASURES, type RetentionCounts } from './reporting-retention.repository.ts';

/** The ministry spreadsheet's follow-ups (issue 32): the Follow-ups sheet and the Summary's retention. */

/** The Follow-ups sheet's columns (ministry-report.repository.ts followUpsSql). */
export const FOLLOW_UP_COLUMNS = [
  'client_id',
  'plan_id',
  'month',
  'due_date',
  'contact_date',
  'reached',
  'status',
  'hours',
  'noc',
] as const;

/** A follow-up row's status on `today` (the shared rule), in the file's `words`. */
export function followUpStatusWord(
  row: { due_date?: unknown; contact_date?: unknown; reached?: unknown },
  today: string,
  words: Words['spreadsheet'],
): string {
  const status = followUpStatus(
    {
      due_date: String(row.due_date),
      contact_date: row.contact_date === null ? null : String(row.contact_date),
      reached: row.reached === null ? null : Boolean(row.reached),
    },
    today,
  );
  return words(`ministry.follow_ups.status_${status}`);
}

/** The Summary's retention, below its figures: a heading row, then a row per follow-up month. */
export function writeRetention(
  sheet: SheetWriter,
  retention: readonly RetentionCounts[],
  words: Words['spreadsheet'],
): void {
  sheet.row([]);
  sheet.row([
    words('ministry.summary.retention'),
    ...RETENTION_MEASURES.map((m) => words(`ministry.summary.retention_${m}`)),
  ]);
  for (const counts of retention)
    sheet.row([
      words('ministry.summary.retention_month', { month: counts.month }),
      ...RETENTION_MEASURES.map((m) => counts[m]),
    ]);
}
