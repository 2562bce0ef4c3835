/** Spec §4: program outcomes that ask why the program was not completed (all but Complete). */
export function needsIncompleteReason(programOutcome: string | null | undefined): boolean {
  return programOutcome != null && programOutcome !== '' && programOutcome !== 'Complete';
}

/** Spec §4: post-program statuses that ask for an employment type and a job title. */
export function needsEmploymentDetails(postProgramStatus: string | null | undefined): boolean {
  return postProgramStatus === 'Employed' || postProgramStatus === 'Self-employed';
}

interface OutcomeConditionalFields {
  program_outcome: string | null;
  incomplete_reason: string | null;
  post_program_status: string | null;
  employment_type: string | null;
  job_title: string | null;
}

/**
 * Spec §4 clearing rules, applied on save: the incomplete reason goes when the outcome does not
 * ask for it; employment type and job title go unless the client is Employed or Self-employed.
 */
export function applyOutcomeSaveRules<T extends OutcomeConditionalFields>(outcome: T): T {
  const next = { ...outcome };
  if (!needsIncompleteReason(next.program_outcome)) next.incomplete_reason = null;
  if (!needsEmploymentDetails(next.post_program_status)) {
    next.employment_type = null;
    next.job_title = null;
  }
  return next;
}
