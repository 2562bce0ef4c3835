import { todayIso } from '@cairn/shared/dates';
import { followUpBodySchema, type FollowUp } from '@cairn/shared/follow-ups.schemas';
import { needsEmploymentDetails } from '@cairn/shared/outcome-rules';
import type { FollowUpPayload } from '../../api/follow-up-queries.ts';

/** The follow-up form as typed: every answer is text, '' standing for "not answered". */
export interface FollowUpFormValues {
  contact_date: string;
  /** 'yes' or 'no' once answered. */
  reached: '' | 'yes' | 'no';
  post_program_status: string;
  hours: string;
  employment_type: string;
  job_title: string;
  noc: string;
  note: string;
}

/** The form for a follow-up: what was recorded, or a contact today for one not recorded yet. */
export function followUpFormValuesOf(f: FollowUp, today: string = todayIso()): FollowUpFormValues {
  return {
    contact_date: f.contact_date ?? today,
    reached: f.reached === null ? '' : f.reached ? 'yes' : 'no',
    post_program_status: f.post_program_status ?? '',
    hours: f.hours ?? '',
    employment_type: f.employment_type ?? '',
    job_title: f.job_title ?? '',
    noc: f.noc ?? '',
    note: f.note ?? '',
  };
}

/** Which conditional questions the answers so far ask (as the outcome's, spec §4). */
export function followUpQuestionsOf(values: Pick<FollowUpFormValues, 'reached' | 'post_program_status'>) {
  const reached = values.reached === 'yes';
  return { reached, employmentDetails: reached && needsEmploymentDetails(values.post_program_status) };
}

/** The answers as the API takes them: reached as a boolean, or left out while unanswered. */
export function followUpInputOf(values: FollowUpFormValues): Record<string, unknown> {
  const { reached, ...rest } = values;
  return { ...rest, ...(reached === '' ? {} : { reached: reached === 'yes' }) };
}

/**
 * The body to send: checked by the shared schema, which also clears the answers that no longer
 * apply, so a hidden answer is never saved.
 */
export function followUpBodyOf(values: FollowUpFormValues): FollowUpPayload {
  return followUpBodySchema.parse(followUpInputOf(values));
}
