import type { FormErrors } from '@mantine/form';
import { ApiError, SessionEndedError } from './api-client.ts';
import i18n from './i18n.ts';

/**
 * The toast for a failed save, update or delete. A refused rule (409) or permission (403) is
 * explained by the server's own message; anything else gets spec §8's generic failure. None
 * (null) when the session ended: the session-expired warning is the only message then.
 */
export function failureMessage(error: unknown): string | null {
  if (error instanceof SessionEndedError) return null;
  if (error instanceof ApiError && (error.status === 403 || error.status === 409)) return error.message;
  return i18n.t('common:errors.generic');
}

/**
 * A 400's per-field messages, keyed by the form's field names. `fieldOf` maps an API path such
 * as `roles.0.role_id` to the field that shows it; the first message per field wins.
 */
export function fieldErrorsOf(
  error: unknown,
  fieldOf: (path: string) => string = (path) => path,
): FormErrors {
  const errors: FormErrors = {};
  if (!(error instanceof ApiError) || error.status !== 400) return errors;
  for (const [path, message] of Object.entries(error.fields)) {
    const field = fieldOf(path);
    errors[field] ??= message;
  }
  return errors;
}
