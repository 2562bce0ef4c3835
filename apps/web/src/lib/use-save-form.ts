import { useForm, type FormErrors, type UseFormInput, type UseFormReturnType } from '@mantine/form';
import { useEffect } from 'react';
import { fieldErrorsOf } from './api-errors.ts';
import { useFormDraft, type FormDraftName } from './use-form-draft.ts';
import { useOneSave } from './use-one-save.ts';

export interface SaveFormInput<Values, Saved> extends Omit<
  UseFormInput<Values>,
  'mode' | 'initialValues' | 'validate'
> {
  initialValues: Values;
  /** Which form this is, for the draft of its answers kept while the user types. */
  draft: FormDraftName;
  /** The form's own checks, run before anything is sent. */
  validate: (values: Values) => FormErrors;
  /** Sends the answers; a rejection keeps everything typed. */
  save: (values: Values) => Promise<Saved>;
  /** Once the save succeeded and the form is no longer dirty. */
  onSaved: (saved: Saved) => void;
  /** The field messages of a refused save; by default a 400's messages under the API's names. */
  errorsOf?: (error: unknown) => FormErrors;
  /** After a refused save's field messages are shown, for what the form says besides them. */
  onFailed?: (error: unknown, errors: FormErrors) => void;
  /**
   * Told whether the form holds unsaved answers: as they change, false once saved, and false when
   * the form goes away however it goes (a tab guard then never asks about a form that is gone).
   */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * A form that saves through the API (spec §8): its checks first, then the save; a refused save
 * puts the server's messages on the fields and keeps every answer, a successful one leaves it clean.
 * A draft of the answers survives an ended session (`useFormDraft`).
 */
// Mantine's useForm asks for Values extends Record<string, any>; an interface meets no narrower type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useSaveForm<Values extends Record<string, any>, Saved = unknown>({
  save,
  onSaved,
  errorsOf = fieldErrorsOf,
  onFailed,
  onDirtyChange,
  draft,
  ...input
}: SaveFormInput<Values, Saved>) {
  const form: UseFormReturnType<Values> = useForm<Values>({ mode: 'controlled', ...input });
  useFormDraft(form, draft);
  const dirty = form.isDirty();
  const { run } = useOneSave();
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);
  // A second submit while the first is under way waits for it (form.submitting stays on) and sends nothing.
  const submit = form.onSubmit((values) =>
    run(async () => {
      let saved: Saved;
      try {
        saved = await save(values);
      } catch (error) {
        const errors = errorsOf(error);
        form.setErrors(errors);
        onFailed?.(error, errors);
        return;
      }
      form.resetDirty();
      onDirtyChange?.(false);
      onSaved(saved);
    }),
  );
  return { form, submit };
}
