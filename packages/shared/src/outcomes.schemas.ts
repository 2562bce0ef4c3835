import { z } from 'zod';
import {
  INCOMPLETE_REASONS,
  OUTCOME_EMPLOYMENT_TYPES,
  POST_PROGRAM_STATUSES,
  PROGRAM_OUTCOMES,
  YES_NO,
} from './enums.ts';
import { message } from './messages.ts';
import { applyOutcomeSaveRules, needsEmploymentDetails, needsIncompleteReason } from './outcome-rules.ts';
import {
  choiceOf,
  idSchema,
  isoDate,
  isoDateTime,
  optionalChoice,
  optionalChoiceOf,
  optionalText,
  requiredChoice,
  requiredPastDate,
} from './validators.ts';
import { nameSchemas } from './api-names.ts';

/** Spec §5 and §9: an outcome's job title. */
export const OUTCOME_LIMITS = { jobTitleMax: 64 } as const;

/** The outcome form's fields before the conditional rules (the web form validates with this shape). */
export const outcomeFieldsSchema = z.object({
  /** -1 (or absent) for a new outcome (spec §4); ignored by the server, which reads the path. */
  outcome_id: z.coerce.number().int().optional(),
  plan_id: idSchema(message('required')),
  date: requiredPastDate,
  program_outcome: requiredChoice(PROGRAM_OUTCOMES),
  incomplete_reason: optionalChoice(INCOMPLETE_REASONS),
  post_program_status: requiredChoice(POST_PROGRAM_STATUSES),
  employment_type: optionalChoice(OUTCOME_EMPLOYMENT_TYPES),
  job_title: optionalText(OUTCOME_LIMITS.jobTitleMax),
  received_certificate: requiredChoice(YES_NO),
});

/**
 * POST /outcomes and PUT /outcomes/{id} (spec §4, §5): the incomplete reason is required unless
 * the program was completed, the employment type when the client is Employed or Self-employed;
 * answers that no longer apply are cleared on save.
 */
export const outcomeBodySchema = outcomeFieldsSchema
  .superRefine((o, ctx) => {
    if (needsIncompleteReason(o.program_outcome) && !o.incomplete_reason)
      ctx.addIssue({ code: 'custom', path: ['incomplete_reason'], message: message('required') });
    if (needsEmploymentDetails(o.post_program_status) && !o.employment_type)
      ctx.addIssue({ code: 'custom', path: ['employment_type'], message: message('required') });
  })
  .transform(applyOutcomeSaveRules);
export type OutcomeBody = z.input<typeof outcomeBodySchema>;

export const outcomeSchema = z.object({
  outcome_id: z.number().int(),
  plan_id: z.number().int(),
  date: isoDate,
  program_outcome: choiceOf(PROGRAM_OUTCOMES),
  incomplete_reason: optionalChoiceOf(INCOMPLETE_REASONS),
  post_program_status: choiceOf(POST_PROGRAM_STATUSES),
  employment_type: optionalChoiceOf(OUTCOME_EMPLOYMENT_TYPES),
  job_title: z.string().nullable(),
  received_certificate: choiceOf(YES_NO),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Outcome = z.infer<typeof outcomeSchema>;
/** GET /plans/{id}/outcomes: a plan has at most one outcome, so the list holds 0 or 1. */
export const outcomeListSchema = z.array(outcomeSchema);

// Names in the API description's components.schemas (api-names.ts).
nameSchemas({
  OutcomeBody: outcomeBodySchema,
  Outcome: outcomeSchema,
});
