import { describe, expect, it } from 'vitest';
import {
  currentFiscalYear,
  fiscalYearOf,
  fiscalYearRange,
  spendingTotals,
  wholeFiscalYear,
} from './fiscal-year.ts';

describe('fiscalYearOf (spec §9: 1 April to 31 March)', () => {
  it('puts April to December in the year that starts that year', () => {
    expect(fiscalYearOf('2026-04-01')).toBe(2026);
    expect(fiscalYearOf('2026-12-31')).toBe(2026);
  });

  it('puts January to March in the year that started the year before', () => {
    expect(fiscalYearOf('2027-01-01')).toBe(2026);
    expect(fiscalYearOf('2027-03-31')).toBe(2026);
  });
});

describe('fiscalYearRange and currentFiscalYear', () => {
  it('runs from 1 April to 31 March of the next year', () => {
    expect(fiscalYearRange(2026)).toEqual({ start: '2026-04-01', end: '2027-03-31' });
  });

  it('finds the fiscal year today falls in, at both edges', () => {
    expect(currentFiscalYear('2026-11-22')).toEqual({ start: '2026-04-01', end: '2027-03-31' });
    expect(currentFiscalYear('2026-03-31')).toEqual({ start: '2025-04-01', end: '2026-03-31' });
    expect(currentFiscalYear('2026-04-01')).toEqual({ start: '2026-04-01', end: '2027-03-31' });
  });
});

describe('spendingTotals', () => {
  const today = '2026-11-22';
  const line = (date: string, value: number) => ({ date, value });

  it('sums every line into the case total', () => {
    const lines = [line('2019-06-01', 100), line('2026-05-01', 20.25), line('2026-11-22', 0.5)];
    expect(spendingTotals(lines, today).caseTotal).toBe(120.75);
  });

  it('sums only the current fiscal year into the fiscal total', () => {
    const lines = [
      line('2026-03-15', 40),
      line('2026-04-02', 10),
      line('2027-03-30', 5),
      line('2027-04-02', 7),
    ];
    expect(spendingTotals(lines, today).fiscalTotal).toBe(15);
  });

  it('leaves out lines dated on the fiscal year edges, 1 April and 31 March (spec §9)', () => {
    const lines = [line('2026-04-01', 100), line('2027-03-31', 200), line('2026-04-02', 1)];
    expect(spendingTotals(lines, today)).toEqual({ caseTotal: 301, fiscalTotal: 1 });
  });

  it('on 31 March and 1 April uses the fiscal year that day belongs to', () => {
    const lines = [line('2026-03-30', 3), line('2026-04-02', 4)];
    expect(spendingTotals(lines, '2026-03-31').fiscalTotal).toBe(3);
    expect(spendingTotals(lines, '2026-04-01').fiscalTotal).toBe(4);
  });

  it('adds cents exactly', () => {
    const lines = Array.from({ length: 10 }, () => line('2026-06-01', 0.1));
    expect(spendingTotals(lines, today)).toEqual({ caseTotal: 1, fiscalTotal: 1 });
  });

  it('is zero for no lines', () => {
    expect(spendingTotals([], today)).toEqual({ caseTotal: 0, fiscalTotal: 0 });
  });
});

describe('wholeFiscalYear', () => {
  it('names the fiscal year a range is exactly, and no other range', () => {
    expect(wholeFiscalYear({ start: '2025-04-01', end: '2026-03-31' })).toBe(2025);
    expect(wholeFiscalYear({ start: '2025-04-01', end: '2026-03-30' })).toBeNull();
    expect(wholeFiscalYear({ start: '2025-04-02', end: '2026-03-31' })).toBeNull();
    expect(wholeFiscalYear({ start: '2025-04-01', end: '2027-03-31' })).toBeNull();
    expect(wholeFiscalYear({ start: '2025-01-01', end: '2025-12-31' })).toBeNull();
  });
});
