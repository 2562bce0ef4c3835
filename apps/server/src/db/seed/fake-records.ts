import {
  CURRENT_EMPLOYMENT,
  PLAN_EMPLOYMENT_TYPES,
  type PlanStatus,
  TRANSPORTATION_MODES,
  YES_NO,
} from '@cairn/shared/enums';
import { isoDaysBefore, type Rng } from './fake-data.ts';

export interface FakePlan {
  date: string;
  status: PlanStatus;
  currentEmployment: string | null;
  employmentType: string | null;
  apprentice: string | null;
  accessingSupports: string | null;
  relocate: string | null;
  transportation: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * `count` plans of a client created `clientAgeDays` ago, oldest first, spread over the time since.
 * Only the newest may be Open (one open plan per client); the ones before it are Closed.
 */
export function fakePlans(
  rng: Rng,
  now: Date,
  clientAgeDays: number,
  count: number,
  newestStatus: PlanStatus,
): FakePlan[] {
  const out: FakePlan[] = [];
  const step = Math.max(1, Math.floor(clientAgeDays / Math.max(count, 1)));
  for (let n = 0; n < count; n++) {
    const ageDays = Math.max(0, clientAgeDays - n * step - rng.int(0, Math.max(0, step - 1)));
    const employment = rng.pick(CURRENT_EMPLOYMENT);
    const created = new Date(now.getTime() - ageDays * 86_400_000);
    out.push({
      date: isoDaysBefore(now, ageDays),
      status: n === count - 1 ? newestStatus : 'Closed',
      currentEmployment: rng.chance(0.9) ? employment : null,
      employmentType: employment === 'Employed' ? rng.pick(PLAN_EMPLOYMENT_TYPES) : null,
      apprentice: rng.chance(0.9) ? (rng.chance(0.12) ? YES_NO[0] : YES_NO[1]) : null,
      accessingSupports: rng.pick(YES_NO),
      relocate: rng.chance(0.1) ? YES_NO[0] : YES_NO[1],
      transportation: rng.chance(0.8) ? rng.pick(TRANSPORTATION_MODES) : null,
      createdAt: created,
      updatedAt: created,
    });
  }
  return out;
}

export interface FakeInteraction {
  interactionId: number;
  date: string;
  count: number;
  createdAt: Date;
}

/** Interaction types 1..7 by how often centres record them: in person and phone most. */
const TYPE_WEIGHTS = [30, 25, 18, 12, 7, 5, 3];

function pickType(rng: Rng): number {
  let r = rng.next() * 100;
  for (const [i, w] of TYPE_WEIGHTS.entries()) {
    r -= w;
    if (r < 0) return i + 1;
  }
  return 1;
}

/** `n` interaction records over the last `withinDays` days, mostly counts of 1. */
export function fakeInteractions(rng: Rng, now: Date, withinDays: number, n: number): FakeInteraction[] {
  return Array.from({ length: n }, () => {
    const ageDays = rng.int(0, Math.max(0, withinDays));
    return {
      interactionId: pickType(rng),
      date: isoDaysBefore(now, ageDays),
      count: rng.chance(0.75) ? 1 : rng.int(2, 4),
      createdAt: new Date(now.getTime() - ageDays * 86_400_000),
    };
  });
}
