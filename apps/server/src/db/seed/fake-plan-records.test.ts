import { noteBodySchema } from '@cairn/shared/notes.schemas';
import { outcomeBodySchema } from '@cairn/shared/outcomes.schemas';
import { spendingBodySchema } from '@cairn/shared/spendings.schemas';
import { storyBodySchema } from '@cairn/shared/stories.schemas';
import { describe, expect, it } from 'vitest';
import { createRng, isoDaysBefore } from './fake-data.ts';
import { fakePlanRecords, fakeStory } from './fake-plan-records.ts';

const now = new Date();

describe('sample plan records', () => {
  it('are what the API itself would accept, dated within their plan', () => {
    const rng = createRng(11);
    for (let i = 0; i < 300; i++) {
      const startAgo = rng.int(0, 900);
      const endAgo = rng.int(0, startAgo);
      const r = fakePlanRecords(rng, now, { startAgo, endAgo, closed: i % 2 === 0 });
      const first = isoDaysBefore(now, startAgo);
      const last = isoDaysBefore(now, endAgo);
      for (const s of r.spendings) {
        const parsed = spendingBodySchema.safeParse({ ...s, plan_id: 1, work_gear: s.workGear });
        expect(parsed.error?.issues ?? [], JSON.stringify(s)).toEqual([]);
        expect(parsed.data?.value.toFixed(2)).toBe(s.value);
        expect(s.date >= first && s.date <= last, s.date).toBe(true);
      }
      for (const n of r.notes) {
        expect(noteBodySchema.safeParse({ ...n, plan_id: 1 }).error?.issues ?? []).toEqual([]);
        expect(n.date >= first && n.date <= last, n.date).toBe(true);
      }
      for (const tr of r.trainings) {
        expect(tr.noc === null || /^\d{4}$/.test(tr.noc)).toBe(true);
        expect(tr.date >= first && tr.date <= last, tr.date).toBe(true);
      }
      for (const link of [...r.barriers, ...r.supports, ...r.trainings]) {
        // Only the 'Other' item (no catalogue name of its own) carries the client's name for it.
        expect(link.otherName !== null, link.name ?? link.otherName ?? '').toBe(link.name === null);
      }
      expect(r.barriers.length).toBeGreaterThan(0);
      expect(r.outcome !== null).toBe(i % 2 === 0);
      if (r.outcome) {
        const o = r.outcome;
        const body = {
          plan_id: 1,
          date: o.date,
          program_outcome: o.programOutcome,
          incomplete_reason: o.incompleteReason,
          post_program_status: o.postProgramStatus,
          employment_type: o.employmentType,
          job_title: o.jobTitle,
          received_certificate: o.receivedCertificate,
        };
        const parsed = outcomeBodySchema.safeParse(body);
        expect(parsed.error?.issues ?? []).toEqual([]);
        // Nothing the save rules would clear: the seed writes what the API would have stored.
        expect(parsed.data).toMatchObject(body);
        expect(o.date >= first && o.date <= last, o.date).toBe(true);
      }
    }
  });

  it('writes stories the API would accept, with the right article', () => {
    const rng = createRng(5);
    for (const job of ['Administrative assistant', 'Cleaner', null]) {
      const writeup = fakeStory(rng, 'Tanis', job);
      expect(storyBodySchema.safeParse({ client_id: 1, date: isoDaysBefore(now, 1), writeup }).success).toBe(
        true,
      );
      expect(writeup).toContain('Tanis');
      expect(writeup).toContain(job === 'Administrative assistant' ? 'an administrative assistant' : 'a ');
      expect(writeup).not.toMatch(/\{\w+\}/);
    }
  });
});
