import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client.ts';

/** The login screen's message for a failed sign-in: by error code, so it can be translated. */
export function loginErrorMessage(error: unknown, t: TFunction<'auth'>): string {
  if (!(error instanceof ApiError)) return t('errors.generic');
  if (error.status === 401) return t('errors.invalid_credentials');
  if (error.status === 429) {
    if (error.code === 'too_many_login_failures' || error.code === 'too_many_requests') {
      return t(`errors.${error.code}`);
    }
    return error.message || t('errors.too_many_requests');
  }
  if (error.status === 400) return t('errors.invalid_credentials');
  return t('errors.generic');
}
