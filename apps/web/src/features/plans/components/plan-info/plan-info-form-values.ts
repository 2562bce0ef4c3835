import { todayIso } from '@cairn/shared/dates';
import { applyPlanSaveRules } from '@cairn/shared/plan-rules';
import { planInfoSchema, type Plan } from '@cairn/shared/plans.schemas';
import type { FormErrors } from '@mantine/form';
import { schemaValidator } from '../../../../lib/schema-validator.ts';

/** The Plan Info answers as the form holds them: text, '' for "not answered". */
export interface PlanInfoFormValues {
  date: string;
  current_employment: string;
  employment_type: string;
  apprentice: string;
  accessing_supports: string;
  relocate: string;
  transportation: string;
}

/** A new plan: it starts today unless the user says otherwise (spec §4). */
export function emptyPlanInfo(today: string = todayIso()): PlanInfoFormValues {
  return {
    date: today,
    current_employment: '',
    employment_type: '',
    apprentice: '',
    accessing_supports: '',
    relocate: '',
    transportation: '',
  };
}

export function planInfoFormValuesFrom(plan: Plan): PlanInfoFormValues {
  return {
    date: plan.date,
    current_employment: plan.current_employment ?? '',
    employment_type: plan.employment_type ?? '',
    apprentice: plan.apprentice ?? '',
    accessing_supports: plan.accessing_supports ?? '',
    relocate: plan.relocate ?? '',
    transportation: plan.transportation ?? '',
  };
}

/** The Plan Info part of POST /plans and the body of PUT /plans/{id}. */
export interface PlanInfoBody {
  date: string;
  current_employment: string | null;
  employment_type: string | null;
  apprentice: string | null;
  accessing_supports: string | null;
  relocate: string | null;
  transportation: string | null;
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/**
 * The API body (spec §5: empty answers become null; spec §4: the employment type belongs to
 * Employed only and is cleared for any other answer).
 */
export function planInfoBodyFrom(values: PlanInfoFormValues): PlanInfoBody {
  return applyPlanSaveRules({
    date: values.date.trim(),
    current_employment: orNull(values.current_employment),
    employment_type: orNull(values.employment_type),
    apprentice: orNull(values.apprentice),
    accessing_supports: orNull(values.accessing_supports),
    relocate: orNull(values.relocate),
    transportation: orNull(values.transportation),
  });
}

const resolve = schemaValidator<PlanInfoBody>(planInfoSchema);

/** The spec §5 messages for these answers, checked as they would be sent. */
export function planInfoErrors(values: PlanInfoFormValues): FormErrors {
  return resolve(planInfoBodyFrom(values));
}
