import type { ErrorCode } from '@cairn/shared/errors';
import type { FormErrors } from '@mantine/form';
import { ApiError, SessionEndedError } from '../../../lib/api-client.ts';
import { failureMessage, fieldErrorsOf } from '../../../lib/api-errors.ts';
import { errorText } from '../../../lib/message-text.ts';

/**
 * Refusals of a catalogue rule, each said in its own words rather than the generic failure: spec
 * §8's 'The barrier/support/training is missing a mapping.', a name taken, the 'Other' item kept.
 */
const RULES: readonly ErrorCode[] = [
  'barrier_missing_mapping',
  'support_missing_mapping',
  'training_missing_mapping',
  'catalogue_name_taken',
  'catalogue_other_protected',
];

/**
 * The toast for a failed save, disable or restore: a refused catalogue rule in its own words
 * (disabling an item without a mapping says so, spec §4, §8), otherwise as every other save
 * (`failureMessage`: the generic failure, none once the session ended).
 */
export function mappingFailureMessage(error: unknown): string | null {
  if (
    error instanceof ApiError &&
    !(error instanceof SessionEndedError) &&
    RULES.some((code) => code === error.code)
  )
    return errorText(error.code);
  return failureMessage(error);
}

/** The form's field messages of a refused save: a 400's by field, a name already taken on the name. */
export function mappingFieldErrorsOf(error: unknown): FormErrors {
  if (error instanceof ApiError && error.code === 'catalogue_name_taken')
    return { name: errorText(error.code) };
  return fieldErrorsOf(error);
}
