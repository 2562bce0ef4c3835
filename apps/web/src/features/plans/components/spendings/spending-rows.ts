import { fiscalYearOf } from '@cairn/shared/fiscal-year';
import { truncate } from '@cairn/shared/format';
import { SPENDING_LIMITS, type Spending } from '@cairn/shared/spendings.schemas';
import type { Formats } from '../../../../lib/formats.ts';

/** A line item as the spendings table shows it (spec §2, §9). */
export interface SpendingRow {
  id: number;
  item: string;
  /** The whole item, for the row's accessible name when the cell is cut short. */
  fullItem: string;
  description: string;
  workGear: boolean;
  date: string;
  value: string;
}

/** Newest first; lines of one day newest-entered first (the server's order, kept whatever it sends). */
export function sortSpendings(lines: readonly Spending[]): Spending[] {
  return [...lines].sort((a, b) =>
    a.date === b.date ? b.spending_id - a.spending_id : a.date < b.date ? 1 : -1,
  );
}

/** Spec §9: item cut to 32 and description to 64 characters, 'MMM D, YYYY' dates, $1,234.56 values. */
export function spendingRowsOf(lines: readonly Spending[], fmt: Formats): SpendingRow[] {
  return sortSpendings(lines).map((line) => ({
    id: line.spending_id,
    item: truncate(line.item, SPENDING_LIMITS.itemTruncate),
    fullItem: line.item,
    description: truncate(line.description ?? '', SPENDING_LIMITS.descriptionTruncate),
    workGear: line.work_gear,
    date: fmt.shortDate(line.date),
    value: fmt.money(line.value),
  }));
}

/** The fiscal year the totals are for, named by its two calendar years (spec §9: 1 April to 31 March). */
export function fiscalYearNameOf(today: string): { start: number; end: number } {
  const start = fiscalYearOf(today);
  return { start, end: start + 1 };
}
