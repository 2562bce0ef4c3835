import { describe, expect, it } from 'vitest';
import { auditFilterErrors, hasFilterErrors } from './audit-filter-errors.ts';

describe("the Audit screen's filter messages", () => {
  it('takes an empty or whole client number and an ordered range', () => {
    for (const client of ['', ' ', '12', ' 12 ']) {
      expect(hasFilterErrors(auditFilterErrors({ client }))).toBe(false);
    }
    expect(auditFilterErrors({ client: '', from: '2026-01-01', to: '2026-01-01' })).toEqual({});
    expect(auditFilterErrors({ client: '', from: '2026-01-01' })).toEqual({});
  });

  it('says a client number is no whole number', () => {
    for (const client of ['abc', '12a', '1.5', '-3']) {
      expect(auditFilterErrors({ client }).client).toBe('must be a whole number');
    }
  });

  it('says From comes after To, on To', () => {
    expect(auditFilterErrors({ client: '', from: '2026-03-31', to: '2026-01-01' })).toEqual({
      to: 'The start date must not come after the end date',
    });
  });
});
