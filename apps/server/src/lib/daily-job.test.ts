import { describe, expect, it } from 'vitest';
import { msUntil } from './daily-job.ts';

describe('daily jobs at a time of day (BACKUP_CRON)', () => {
  it('waits until that time today, or tomorrow once it has passed', () => {
    const now = new Date(2026, 10, 27, 1, 0, 0);
    expect(msUntil({ hour: 2, minute: 30 }, now)).toBe(90 * 60_000);
    expect(msUntil({ hour: 0, minute: 30 }, now)).toBe(23.5 * 3_600_000);
    // At the very minute: the next day's, not a run now and another in a moment.
    expect(msUntil({ hour: 1, minute: 0 }, now)).toBe(24 * 3_600_000);
  });
});
