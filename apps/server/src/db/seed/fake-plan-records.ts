import {
  INCOMPLETE_REASONS,
  OUTCOME_EMPLOYMENT_TYPES,
  PROGRAM_OUTCOMES,
  type YesNo,
} from '@cairn/shared/enums';
import { isoDaysBefore, type Rng } from './fake-data.ts';

/**
 * What a plan holds besides its plan info, generated for sample data: the barriers and supports a
 * caseworker would pick for one client, trainings with the NOC code of the job they lead to,
 * spending lines priced as in Canada, case notes and, for a closed plan, its outcome.
 */

/** A plan being filled: how many days ago it started and until when its records may run. */
export interface PlanTimeline {
  /** Days ago the plan started. */
  startAgo: number;
  /** Days ago the plan's work ended: its successor's start, or 0 (today) for the newest. */
  endAgo: number;
  closed: boolean;
}

/**
 * A catalogue item on a sample plan: an ordinary one by its name, or (name null) the list's
 * 'Other' item (is_other) under the name the client gave it.
 */
export interface FakeLink {
  name: string | null;
  otherName: string | null;
}
export interface FakePlanTraining extends FakeLink {
  date: string;
  noc: string | null;
}
export interface FakeSpending {
  date: string;
  item: string;
  /** Dollars as numeric text, e.g. '189.99'. */
  value: string;
  workGear: boolean;
  description: string | null;
}
export interface FakeNote {
  topic: string;
  date: string;
  notes: string;
  flag: boolean;
}
export interface FakeOutcome {
  date: string;
  programOutcome: string;
  incompleteReason: string | null;
  postProgramStatus: string;
  employmentType: string | null;
  jobTitle: string | null;
  receivedCertificate: YesNo;
}
export interface FakePlanRecords {
  barriers: FakeLink[];
  supports: FakeLink[];
  trainings: FakePlanTraining[];
  spendings: FakeSpending[];
  notes: FakeNote[];
  outcome: FakeOutcome | null;
}

const BARRIERS = [
  'Low or no income',
  'Cannot afford work gear',
  'Limited work experience',
  'Limited education',
  'No reliable transportation',
  "No driver's licence",
  'No childcare',
  'Mental health',
  'Language barrier',
  'Unstable housing',
  'Social isolation',
  'Criminal record',
];
/** Names clients give the 'Other' barrier. */
export const OTHER_BARRIERS = [
  'Caring for an elderly parent',
  'No bank account',
  'Work permit renewal pending',
  'No phone or mailing address',
];
const SUPPORTS = [
  'Resume and cover letter help',
  'Job search assistance',
  'Interview preparation',
  'Transportation assistance',
  'Work clothing and gear',
  'Tuition assistance',
  'Childcare assistance',
  'Elder guidance',
  'Budgeting and money management',
  'Life skills coaching',
  'Work experience placement',
  'Counselling referral',
];
/** Names clients give the 'Other' support. */
export const OTHER_SUPPORTS = ['Tool lending library', 'Prepaid phone plan for job search'];

/** Trainings and, for the ones that lead to a particular job, that job's NOC code (NOC 2016). */
export const TRAININGS: ReadonlyArray<{ name: string; noc: string | null }> = [
  { name: 'Standard First Aid and CPR', noc: null },
  { name: 'WHMIS', noc: null },
  { name: 'Fall protection', noc: '7271' },
  { name: 'Construction Safety Training System', noc: '7611' },
  { name: 'Forklift operator', noc: '7452' },
  { name: 'Food Safe', noc: '6711' },
  { name: 'Microsoft Office', noc: '1411' },
  { name: 'Computer basics', noc: null },
  { name: "Class 5 driver's licence", noc: null },
  { name: "Class 1 driver's licence", noc: '7511' },
  { name: 'Traffic control flagger', noc: '7611' },
];
/** Names clients give the 'Other' training. */
export const OTHER_TRAININGS = ['Chainsaw safety', 'Small engine repair'];

/** Spending lines: what centres pay for, in dollars (low and high), and whether it is work gear. */
export const SPENDING_ITEMS: ReadonlyArray<{
  item: string;
  low: number;
  high: number;
  workGear: boolean;
  description: string | null;
}> = [
  { item: 'Work boots', low: 140, high: 240, workGear: true, description: 'CSA green-patch steel-toe boots' },
  { item: 'Monthly bus pass', low: 62, high: 98, workGear: false, description: null },
  {
    item: 'First-aid course fee',
    low: 110,
    high: 165,
    workGear: false,
    description: 'Standard First Aid and CPR level C',
  },
  { item: 'Hi-vis vest and hard hat', low: 35, high: 75, workGear: true, description: null },
  { item: 'Safety glasses and gloves', low: 18, high: 45, workGear: true, description: null },
  {
    item: 'Interview clothing',
    low: 60,
    high: 180,
    workGear: false,
    description: 'Second-hand store voucher',
  },
  { item: 'Road test fee', low: 50, high: 95, workGear: false, description: null },
  { item: 'Forklift course fee', low: 250, high: 450, workGear: false, description: null },
  {
    item: 'Childcare during training',
    low: 120,
    high: 400,
    workGear: false,
    description: 'Licensed home daycare, one week',
  },
  { item: 'Fuel card', low: 40, high: 100, workGear: false, description: 'Travel to placement site' },
  {
    item: 'Hand tool kit',
    low: 90,
    high: 260,
    workGear: true,
    description: 'Required by the employer for the first day',
  },
];

/** Case notes as caseworkers write them; the flagged ones need someone's attention. */
export const NOTES: ReadonlyArray<{ topic: string; notes: string; flag?: boolean }> = [
  {
    topic: 'Intake meeting',
    notes: 'Went over the plan and the barriers together. Client is keen to start as soon as possible.',
  },
  {
    topic: 'Resume review',
    notes: 'Updated the resume with the recent volunteer work and added a skills summary.',
  },
  { topic: 'Follow-up call', notes: 'Called to check in. Applications sent to three employers this week.' },
  {
    topic: 'Missed appointment',
    notes: 'Did not come to the meeting and did not answer the phone. Try again Monday.',
    flag: true,
  },
  {
    topic: 'Job lead',
    notes: 'Passed on a posting for a general labourer; client will apply online tonight.',
  },
  {
    topic: 'Training registration',
    notes: 'Registered for the next course intake. Course fee to be paid by the centre.',
  },
  {
    topic: 'Housing concern',
    notes: 'Client may lose housing at the end of the month. Referred to the housing worker.',
    flag: true,
  },
  {
    topic: 'Interview practice',
    notes: 'Practised common questions; needs work on talking about the gap in employment.',
  },
  {
    topic: 'Employer contact',
    notes: 'Spoke with the site supervisor, who was happy with the first two weeks.',
  },
];

/** Jobs clients found, as an outcome's job title records them. */
export const JOB_TITLES = [
  'Warehouse associate',
  'Carpenter helper',
  'Line cook',
  'Administrative assistant',
  'Traffic control person',
  'Retail sales associate',
  'Personal support worker',
  'Truck driver',
  'Cleaner',
  'Construction labourer',
];

/** `count` different items of `list`. */
function several<T>(rng: Rng, list: readonly T[], count: number): T[] {
  const pool = [...list];
  const out: T[] = [];
  while (out.length < count && pool.length > 0) out.push(pool.splice(rng.int(0, pool.length - 1), 1)[0]!);
  return out;
}

/** A day within the plan's span, as YYYY-MM-DD. */
function dayIn(rng: Rng, now: Date, span: PlanTimeline): string {
  return isoDaysBefore(
    now,
    rng.int(Math.min(span.startAgo, span.endAgo), Math.max(span.startAgo, span.endAgo)),
  );
}

function money(rng: Rng, low: number, high: number): string {
  // Prices end the way prices do: .00, .49, .95 or .99.
  const cents = rng.pick([0, 49, 95, 99]);
  return `${rng.int(low, high - 1)}.${String(cents).padStart(2, '0')}`;
}

function fakeOutcome(rng: Rng, date: string): FakeOutcome {
  const roll = rng.next();
  const programOutcome =
    roll < 0.68
      ? PROGRAM_OUTCOMES[0]
      : roll < 0.86
        ? PROGRAM_OUTCOMES[1]
        : rng.pick(PROGRAM_OUTCOMES.slice(2));
  const status = rng.next();
  const postProgramStatus =
    status < 0.45
      ? 'Employed'
      : status < 0.5
        ? 'Self-employed'
        : status < 0.62
          ? 'Returned to school'
          : status < 0.8
            ? 'Unemployed but available for work'
            : status < 0.88
              ? 'Unspecified - Participant could not be reached'
              : status < 0.94
                ? 'Starting a new action plan'
                : 'Not in the labour force';
  const working = postProgramStatus === 'Employed' || postProgramStatus === 'Self-employed';
  return {
    date,
    programOutcome,
    incompleteReason: programOutcome === 'Complete' ? null : rng.pick(INCOMPLETE_REASONS),
    postProgramStatus,
    employmentType: working ? rng.pick(OUTCOME_EMPLOYMENT_TYPES) : null,
    jobTitle: working && rng.chance(0.85) ? rng.pick(JOB_TITLES) : null,
    receivedCertificate: rng.chance(0.6) ? 'Yes' : 'No',
  };
}

/** Everything one plan holds, dated within its span (never after today). */
export function fakePlanRecords(rng: Rng, now: Date, timeline: PlanTimeline): FakePlanRecords {
  // A closed plan's work stops at its outcome, some weeks or months after it started.
  const span = timeline.closed
    ? { ...timeline, endAgo: Math.max(timeline.endAgo, timeline.startAgo - rng.int(30, 150)) }
    : timeline;
  const links = (names: readonly string[], others: readonly string[], count: number, otherChance: number) => {
    const out: FakeLink[] = several(rng, names, count).map((name) => ({ name, otherName: null }));
    if (rng.chance(otherChance)) out.push({ name: null, otherName: rng.pick(others) });
    return out;
  };
  const trainings: FakePlanTraining[] = several(rng, TRAININGS, rng.int(0, 2)).map((tr) => ({
    name: tr.name,
    otherName: null,
    date: dayIn(rng, now, span),
    noc: tr.noc && rng.chance(0.8) ? tr.noc : null,
  }));
  if (rng.chance(0.1)) {
    trainings.push({
      name: null,
      otherName: rng.pick(OTHER_TRAININGS),
      date: dayIn(rng, now, span),
      noc: null,
    });
  }
  return {
    barriers: links(BARRIERS, OTHER_BARRIERS, rng.int(1, 3), 0.25),
    supports: links(SUPPORTS, OTHER_SUPPORTS, rng.int(1, 3), 0.1),
    trainings,
    spendings: several(rng, SPENDING_ITEMS, rng.int(0, 4)).map((s) => ({
      date: dayIn(rng, now, span),
      item: s.item,
      value: money(rng, s.low, s.high),
      workGear: s.workGear,
      description: s.description,
    })),
    notes: several(rng, NOTES, rng.int(1, 4)).map((n) => ({
      topic: n.topic,
      date: dayIn(rng, now, span),
      notes: n.notes,
      flag: n.flag ?? false,
    })),
    outcome: span.closed ? fakeOutcome(rng, isoDaysBefore(now, span.endAgo)) : null,
  };
}

/**
 * Success stories, written the way caseworkers write them: {name} is the client's first name and
 * {job} the job with its article ('a cleaner'). Text, so the large seed's SQL can fill them too.
 */
export const STORY_TEMPLATES = [
  '{name} finished the program and was hired as {job}. The safety tickets and new work boots made the difference on the first day.',
  'After months of applications, {name} started as {job} and has now passed probation. The bus pass covered the commute until the first paycheque.',
  '{name} came to the centre with no recent work history. With interview practice and a work placement, {name} now works as {job}.',
] as const;

/** A success story about a client who found work. */
export function fakeStory(rng: Rng, firstName: string, jobTitle: string | null): string {
  const job = (jobTitle ?? 'full-time employee').toLowerCase();
  const withArticle = `${/^[aeiou]/.test(job) ? 'an' : 'a'} ${job}`;
  return rng.pick(STORY_TEMPLATES).replaceAll('{name}', firstName).replaceAll('{job}', withArticle);
}
