import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { useState, type FormEvent } from 'react';
import { fieldErrorsOf } from './api-errors.ts';
import { useFormDraft, type FormDraftName } from './use-form-draft.ts';
import { useOneSave } from './use-one-save.ts';
import { useStepHeadingFocus } from './use-step-heading-focus.ts';
import {
  firstFieldWithError,
  stepBefore,
  stepShowing,
  submitMove,
  type StepCheck,
  type WizardStep,
} from './wizard-steps.ts';

export interface WizardFormInput<Values, Saved> {
  initialValues: Values;
  /** Which wizard this is, for the draft of its answers kept while the user types. */
  draft: FormDraftName;
  steps: readonly WizardStep[];
  /** A step's own checks: run before Next leaves it, and for every step before the save. */
  checkStep: StepCheck<Values>;
  /** Sends every answer, after the last step. */
  save: (values: Values) => Promise<Saved>;
  /** After a successful save; the wizard no longer guards against leaving. */
  onSaved: (saved: Saved) => void;
  /**
   * A refused save none of whose field messages belongs on a step (a refused rule, a failure);
   * messages that do are shown on the first step showing one, and this is not called.
   */
  onFailed: (error: unknown, errors: FormErrors) => void;
  /** The field messages of a refused save; by default a 400's under the API's names. */
  errorsOf?: (error: unknown) => FormErrors;
  /** A step checked out and Next leaves it. */
  onStepDone?: (step: number, values: Values) => void;
  /** Answers kept outside the form (say, the chosen barriers) that leaving would lose too. */
  unsavedBesides?: boolean;
}

/**
 * A wizard's form (spec §2 New intake, New plan): one form holds every step's answers, so Back
 * and the stepper lose nothing; Next goes on only when the step on screen checks out, and Save
 * only when every step does. A step shown with messages puts focus on its first field in error;
 * a step opened otherwise puts it on the step's heading (`headingRef`). `unsaved` says whether
 * leaving would lose answers, for the page's leave confirmation. A draft of the answers survives
 * an ended session (`useFormDraft`).
 */
// Mantine's useForm asks for Values extends Record<string, any>; an interface meets no narrower type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useWizardForm<Values extends Record<string, any>, Saved = unknown>({
  initialValues,
  draft,
  steps,
  checkStep,
  save,
  onSaved,
  onFailed,
  errorsOf = fieldErrorsOf,
  onStepDone,
  unsavedBesides = false,
}: WizardFormInput<Values, Saved>) {
  const form: UseFormReturnType<Values> = useForm<Values>({ mode: 'controlled', initialValues });
  useFormDraft(form, draft);
  const [active, setActive] = useState(0);
  const oneSave = useOneSave();
  const [saved, setSaved] = useState(false);
  const headingRef = useStepHeadingFocus(active);

  const focusField = (field: string) => {
    const node = form.getInputNode(field);
    const input = node?.matches('input, textarea, button') ? node : node?.querySelector('input');
    input?.focus();
  };

  const showErrors = (step: number, errors: FormErrors) => {
    form.setErrors(errors);
    setActive(step);
    const first = firstFieldWithError(steps[step]!, errors);
    // The step's fields render on the next paint when the step changes.
    requestAnimationFrame(() => first && focusField(first));
  };

  const send = async (values: Values) => {
    let result: Saved;
    try {
      result = await save(values);
    } catch (error) {
      const errors = errorsOf(error);
      const step = stepShowing(steps, Object.keys(errors));
      if (step === null) onFailed(error, errors);
      else showErrors(step, errors);
      return;
    }
    setSaved(true);
    onSaved(result);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (oneSave.saving) return;
    const values = form.getValues();
    const move = submitMove(steps, active, values, checkStep);
    switch (move.to) {
      case 'errors':
        return showErrors(move.step, move.errors);
      case 'save':
        // One save at a time: a second click before the button shows it is busy sends nothing.
        return void oneSave.run(() => send(values));
      case 'next':
        // A message the server gave for this step no longer stands once the step checks out.
        for (const field of steps[active]!.fields) form.clearFieldError(field);
        onStepDone?.(active, values);
        return setActive(move.step);
    }
  };

  return {
    form,
    /** The step on screen, from 0. */
    active,
    last: active === steps.length - 1,
    headingRef,
    saving: oneSave.saving,
    /** The form's onSubmit: Next, or Save on the last step. */
    submit,
    back: () => setActive(stepBefore(active)),
    /** Opens a step already passed (the stepper). */
    backTo: (step: number) => setActive(Math.min(step, active)),
    unsaved: (form.isDirty() || unsavedBesides) && !saved,
  };
}
