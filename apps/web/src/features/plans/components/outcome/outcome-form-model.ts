import { todayIso } from '@cairn/shared/dates';
import { needsEmploymentDetails, needsIncompleteReason } from '@cairn/shared/outcome-rules';
import { outcomeBodySchema, type Outcome } from '@cairn/shared/outcomes.schemas';
import type { OutcomePayload } from '../../api/outcome-mutations.ts';

/** The outcome form as typed: every answer is text, '' standing for "not answered". */
export interface OutcomeFormValues {
  plan_id: number;
  date: string;
  program_outcome: string;
  incomplete_reason: string;
  post_program_status: string;
  employment_type: string;
  job_title: string;
  received_certificate: string;
}

export function emptyOutcomeForm(planId: number, today: string = todayIso()): OutcomeFormValues {
  return {
    plan_id: planId,
    date: today,
    program_outcome: '',
    incomplete_reason: '',
    post_program_status: '',
    employment_type: '',
    job_title: '',
    received_certificate: '',
  };
}

export function outcomeFormValuesOf(outcome: Outcome): OutcomeFormValues {
  return {
    plan_id: outcome.plan_id,
    date: outcome.date,
    program_outcome: outcome.program_outcome,
    incomplete_reason: outcome.incomplete_reason ?? '',
    post_program_status: outcome.post_program_status,
    employment_type: outcome.employment_type ?? '',
    job_title: outcome.job_title ?? '',
    received_certificate: outcome.received_certificate,
  };
}

/** Spec §4: which conditional questions the answers so far ask. */
export function outcomeQuestionsOf(
  values: Pick<OutcomeFormValues, 'program_outcome' | 'post_program_status'>,
) {
  return {
    incompleteReason: needsIncompleteReason(values.program_outcome),
    employmentDetails: needsEmploymentDetails(values.post_program_status),
  };
}

/**
 * The body to send: checked by the shared schema, which also clears the answers the outcome no
 * longer asks for (spec §4), so a hidden answer is never saved.
 */
export function outcomeBodyOf(values: OutcomeFormValues): OutcomePayload {
  return outcomeBodySchema.parse(values);
}
