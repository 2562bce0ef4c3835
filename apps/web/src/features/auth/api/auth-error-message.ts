import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { errorText } from '../../../lib/message-text.ts';

/**
 * The login screen's message for a failed sign-in, worded by error code. A refused body (400)
 * reads as wrong credentials too: the screen never says which part was wrong. A deactivated
 * account (told only to the right password) says so.
 */
export function loginErrorMessage(error: unknown, t: TFunction<'auth'>): string {
  if (!(error instanceof ApiError)) return t('errors.generic');
  if (error.status === 401 || error.status === 400) return errorText('invalid_credentials');
  if (error.status === 429 || error.code === 'account_deactivated') return errorMessage(error);
  return t('errors.generic');
}
