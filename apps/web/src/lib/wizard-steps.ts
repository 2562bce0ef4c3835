import type { FormErrors } from '@mantine/form';

/** A wizard's step as its form knows it. */
export interface WizardStep {
  key: string;
  /** The form fields the step shows, in order: a message about one of them belongs on this step. */
  fields: readonly string[];
}

/** One step's messages for the answers; none lets the wizard move past it. */
export type StepCheck<Values> = (step: number, values: Values) => FormErrors;

/** What submitting a wizard's form leads to. */
export type WizardMove =
  { to: 'next'; step: number } | { to: 'errors'; step: number; errors: FormErrors } | { to: 'save' };

const hasErrors = (errors: FormErrors) => Object.keys(errors).length > 0;

/**
 * Next checks only the step on screen and opens the one after it; on the last step every step is
 * checked again, first to last, and the first one with a message is shown before anything is saved.
 */
export function submitMove<Values>(
  steps: readonly WizardStep[],
  active: number,
  values: Values,
  check: StepCheck<Values>,
): WizardMove {
  const last = steps.length - 1;
  const checked = active < last ? [active] : steps.map((_, step) => step);
  for (const step of checked) {
    const errors = check(step, values);
    if (hasErrors(errors)) return { to: 'errors', step, errors };
  }
  return active < last ? { to: 'next', step: active + 1 } : { to: 'save' };
}

/** The step Back opens: the one before; the first step has none. */
export function stepBefore(active: number): number {
  return Math.max(0, active - 1);
}

/** The first step showing one of these fields (say, of a refused save's messages); null when none does. */
export function stepShowing(steps: readonly WizardStep[], fields: readonly string[]): number | null {
  const index = steps.findIndex((step) => fields.some((field) => step.fields.includes(field)));
  return index === -1 ? null : index;
}

/** The first field of the step, in the order it shows them, that has a message: where focus goes. */
export function firstFieldWithError(step: WizardStep, errors: FormErrors): string | undefined {
  return step.fields.find((field) => field in errors);
}
