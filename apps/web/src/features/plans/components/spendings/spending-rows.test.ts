import type { Spending } from '@cairn/shared/spendings.schemas';
import { describe, expect, it } from 'vitest';
import { formatsFor } from '../../../../lib/formats.ts';
import { fiscalYearNameOf, spendingRowsOf } from './spending-rows.ts';

const fmt = formatsFor('en-CA');

function line(id: number, date: string, patch: Partial<Spending> = {}): Spending {
  return {
    spending_id: id,
    plan_id: 1,
    date,
    item: `Item ${id}`,
    value: 10,
    work_gear: false,
    description: null,
    created_at: '',
    updated_at: '',
    ...patch,
  };
}

describe('spendings table rows (spec §2, §9)', () => {
  it('lists the newest date first, and the latest line first within a day', () => {
    const rows = spendingRowsOf([line(1, '2026-01-05'), line(2, '2026-03-01'), line(3, '2026-01-05')], fmt);
    expect(rows.map((r) => r.id)).toEqual([2, 3, 1]);
  });

  it('cuts the item at 32 and the description at 64 characters with ...', () => {
    const item = 'Steel-toed boots and a hard hat for the site';
    const description = 'd'.repeat(65);
    const [row] = spendingRowsOf([line(1, '2026-01-05', { item, description })], fmt);
    expect(row!.item).toBe(`${item.slice(0, 32).trimEnd()}...`);
    expect(row!.fullItem).toBe(item);
    expect(row!.description).toBe(`${'d'.repeat(64)}...`);
  });

  it('keeps text at the limit whole and shows an empty description as nothing', () => {
    const [row] = spendingRowsOf([line(1, '2026-01-05', { item: 'i'.repeat(32), description: null })], fmt);
    expect(row!.item).toBe('i'.repeat(32));
    expect(row!.description).toBe('');
  });

  it("shows the date as 'MMM D, YYYY' and the value as $1,234.56", () => {
    const [row] = spendingRowsOf([line(1, '2026-04-01', { value: 1234.5 })], fmt);
    expect(row!.date).toBe('Apr 1, 2026');
    expect(row!.value).toBe('$1,234.50');
  });
});

describe('the fiscal year named beside its total (spec §9)', () => {
  it('starts on 1 April and runs to 31 March', () => {
    expect(fiscalYearNameOf('2026-03-31')).toEqual({ start: 2025, end: 2026 });
    expect(fiscalYearNameOf('2026-04-01')).toEqual({ start: 2026, end: 2027 });
  });
});
