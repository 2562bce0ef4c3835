import type { FormErrors } from '@mantine/form';
import { ApiError, SessionEndedError } from './api-client.ts';
import i18n from './i18n.ts';
import { errorText, fieldText } from './message-text.ts';

/** A failed call's message in the active language, by its error code; the generic failure otherwise. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? errorText(error.code, error.params) : i18n.t('common:errors.generic');
}

/**
 * The toast for a failed save, update or delete. A refused rule (409) or permission (403) is
 * explained by the server's error (worded by its code); anything else gets spec §8's generic failure.
 * None (null) when the session ended: the session-expired warning is the only message then.
 */
export function failureMessage(error: unknown): string | null {
  if (error instanceof SessionEndedError) return null;
  if (error instanceof ApiError && (error.status === 403 || error.status === 409)) return errorMessage(error);
  return i18n.t('common:errors.generic');
}

/**
 * A 400's per-field messages, keyed by the form's field names and worded from their codes.
 * `fieldOf` maps an API path such as `roles.0.role_id` to the field that shows it; the first
 * message per field wins.
 */
export function fieldErrorsOf(
  error: unknown,
  fieldOf: (path: string) => string = (path) => path,
): FormErrors {
  const errors: FormErrors = {};
  if (!(error instanceof ApiError) || error.status !== 400) return errors;
  for (const [path, message] of Object.entries(error.fieldCodes)) {
    const field = fieldOf(path);
    errors[field] ??= fieldText(message);
  }
  return errors;
}
