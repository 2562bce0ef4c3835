import { describe, expect, it } from 'vitest';
import { filterOf, filterQuery } from './client-list-filter.ts';

describe("the clients list's filters in the address", () => {
  it('reads what a report link wrote, and writes it back the same', () => {
    const query = new URLSearchParams(
      'centre_id=3&start_date=2025-04-01&end_date=2026-03-31&counted=served&breakdown=gender&key=Male&page=2',
    );
    const { filter, invalid } = filterOf(query);
    expect(invalid).toBe(false);
    expect(filter).toEqual({
      centre_id: 3,
      start_date: '2025-04-01',
      end_date: '2026-03-31',
      counted: 'served',
      breakdown: 'gender',
      key: 'Male',
    });
    expect(filterQuery(filter)).toEqual({
      centre_id: '3',
      start_date: '2025-04-01',
      end_date: '2026-03-31',
      counted: 'served',
      breakdown: 'gender',
      key: 'Male',
    });
  });

  it('has no filter for a plain address', () => {
    expect(filterOf(new URLSearchParams('s=ada&page=2'))).toEqual({ filter: {}, invalid: false });
  });

  it('applies none of filters that do not hold together, and says so', () => {
    for (const bad of [
      'start_date=2026-01-01&end_date=2025-01-01',
      'counted=served',
      'breakdown=gender&start_date=2025-04-01&end_date=2026-03-31',
      'centre_id=abc',
    ]) {
      expect(filterOf(new URLSearchParams(bad)), bad).toEqual({ filter: {}, invalid: true });
    }
  });
});
