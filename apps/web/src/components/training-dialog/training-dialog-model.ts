import { message } from '@cairn/shared/messages';
import { planTrainingInputSchema } from '@cairn/shared/plans.schemas';
import { messageText } from '../../lib/message-text.ts';

/** The answers of the training dialog (spec §5 Training dialog), as typed. */
export interface TrainingDialogValues {
  other_name: string;
  date: string;
  noc: string;
}

export type TrainingDialogErrors = Partial<Record<keyof TrainingDialogValues, string>>;

/** Step 1 asks the name (for 'Other') and the date; step 2 the optional NOC code. */
export const TRAINING_STEP_FIELDS: ReadonlyArray<ReadonlyArray<keyof TrainingDialogValues>> = [
  ['other_name', 'date'],
  ['noc'],
];

/**
 * The messages for one step: the shared schema's for the date and the NOC ('must be a valid NOC'),
 * and a required name of at most 64 characters when the training is 'Other'.
 */
export function trainingStepErrors(
  step: 0 | 1,
  values: TrainingDialogValues,
  isOther: boolean,
): TrainingDialogErrors {
  const errors: TrainingDialogErrors = {};
  const parsed = planTrainingInputSchema.safeParse({
    training_id: 1,
    date: values.date,
    noc: values.noc,
    other_name: values.other_name,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof TrainingDialogValues;
      errors[field] ??= messageText(issue.message);
    }
  }
  if (!isOther) delete errors.other_name;
  else if (values.other_name.trim() === '') errors.other_name = messageText(message('required'));
  const fields = TRAINING_STEP_FIELDS[step]!;
  return Object.fromEntries(Object.entries(errors).filter(([field]) => fields.includes(field as never)));
}

/** What the dialog adds to the plan: empty answers as null. */
export function trainingAnswersOf(values: TrainingDialogValues, isOther: boolean) {
  return {
    date: values.date.trim(),
    noc: values.noc.trim() === '' ? null : values.noc.trim(),
    other_name: isOther ? values.other_name.trim() : null,
  };
}
