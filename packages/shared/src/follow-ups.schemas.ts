import { z } from 'zod';
import {
  FOLLOW_UP_HOURS,
  FOLLOW_UP_STATUSES,
  OUTCOME_EMPLOYMENT_TYPES,
  POST_PROGRAM_STATUSES,
} from './enums.ts';
import { message } from './messages.ts';
import { needsEmploymentDetails } from './outcome-rules.ts';
import { optionalNoc } from './plans.schemas.ts';
import {
  choiceOf,
  isoDate,
  isoDateTime,
  optionalChoice,
  optionalChoiceOf,
  optionalText,
  requiredPastDate,
} from './validators.ts';
import { nameSchemas } from './api-names.ts';

/** A follow-up's job title (as an outcome's) and note (as a plan note's body). */
export const FOLLOW_UP_LIMITS = { jobTitleMax: 64, noteMax: 2048 } as const;

/** A follow-up not recorded is overdue once this many days have passed since it fell due. */
export const FOLLOW_UP_OVERDUE_DAYS = 14;

export type FollowUpStatus = (typeof FOLLOW_UP_STATUSES)[number];

/**
 * What a follow-up's status is on `today` (YYYY-MM-DD): recorded, `done` when the person was
 * reached and `unreachable` when not; otherwise `due`, or `overdue` from FOLLOW_UP_OVERDUE_DAYS
 * days after its due date.
 */
export function followUpStatus(
  f: { due_date: string; contact_date: string | null; reached: boolean | null },
  today: string,
): FollowUpStatus {
  if (f.contact_date !== null) return f.reached ? 'done' : 'unreachable';
  const overdueFrom = new Date(`${f.due_date}T00:00:00Z`);
  overdueFrom.setUTCDate(overdueFrom.getUTCDate() + FOLLOW_UP_OVERDUE_DAYS);
  return today >= overdueFrom.toISOString().slice(0, 10) ? 'overdue' : 'due';
}

/** The follow-up form's fields before the conditional rules (the web form validates with this shape). */
export const followUpFieldsSchema = z.object({
  contact_date: requiredPastDate,
  reached: z.boolean({ error: message('required') }),
  post_program_status: optionalChoice(POST_PROGRAM_STATUSES),
  hours: optionalChoice(FOLLOW_UP_HOURS),
  employment_type: optionalChoice(OUTCOME_EMPLOYMENT_TYPES),
  job_title: optionalText(FOLLOW_UP_LIMITS.jobTitleMax),
  noc: optionalNoc,
  note: optionalText(FOLLOW_UP_LIMITS.noteMax),
});

interface FollowUpAnswers {
  reached: boolean;
  post_program_status: string | null;
  hours: string | null;
  employment_type: string | null;
  job_title: string | null;
  noc: string | null;
}

/**
 * Saving a follow-up (as spec §4's outcome rule): what the person said only when reached; the
 * employment type and job title only when Employed or Self-employed. The note stays either way.
 */
export function applyFollowUpSaveRules<T extends FollowUpAnswers>(f: T): T {
  const next = { ...f };
  if (!next.reached) {
    next.post_program_status = null;
    next.hours = null;
    next.noc = null;
  }
  if (!next.reached || !needsEmploymentDetails(next.post_program_status)) {
    next.employment_type = null;
    next.job_title = null;
  }
  return next;
}

/**
 * PUT /follow-ups/{id}: the contact date (not in the future) and whether the person was reached;
 * when reached, their post-program status, and the employment type when Employed or
 * Self-employed. Answers that do not apply are cleared on save.
 */
export const followUpBodySchema = followUpFieldsSchema
  .superRefine((f, ctx) => {
    if (!f.reached) return;
    if (!f.post_program_status)
      ctx.addIssue({ code: 'custom', path: ['post_program_status'], message: message('required') });
    if (needsEmploymentDetails(f.post_program_status) && !f.employment_type)
      ctx.addIssue({ code: 'custom', path: ['employment_type'], message: message('required') });
  })
  .transform(applyFollowUpSaveRules);
export type FollowUpBody = z.input<typeof followUpBodySchema>;

export const followUpSchema = z.object({
  follow_up_id: z.number().int(),
  plan_id: z.number().int(),
  /** Months after the outcome's date. */
  month: z.number().int(),
  due_date: isoDate,
  status: choiceOf(FOLLOW_UP_STATUSES),
  contact_date: isoDate.nullable(),
  reached: z.boolean().nullable(),
  post_program_status: optionalChoiceOf(POST_PROGRAM_STATUSES),
  hours: optionalChoiceOf(FOLLOW_UP_HOURS),
  employment_type: optionalChoiceOf(OUTCOME_EMPLOYMENT_TYPES),
  job_title: z.string().nullable(),
  noc: z.string().nullable(),
  note: z.string().nullable(),
  /** The name of who recorded it. */
  recorded_by: z.string().nullable(),
  recorded_at: isoDateTime.nullable(),
});
export type FollowUp = z.infer<typeof followUpSchema>;
/** GET /plans/{id}/follow-ups: by month. */
export const followUpListSchema = z.array(followUpSchema);

// Names in the API description's components.schemas (api-names.ts).
nameSchemas({
  FollowUpBody: followUpBodySchema,
  FollowUp: followUpSchema,
});
