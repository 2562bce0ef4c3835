import type { TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { loginErrorMessage } from './auth-error-message.ts';

// The session lives in the browser's storage; these tests make no call.
vi.mock('../../../lib/session.ts', () => ({ session: { get: () => null } }));

const t = ((key: string) => key) as unknown as TFunction<'auth'>;
const refusal = (status: number, code: string) =>
  new ApiError(status, code, 'as the server said it', 'POST', '/api/auth/login');

describe('the login screen’s message', () => {
  it('says a deactivated account is deactivated', () => {
    expect(loginErrorMessage(refusal(403, 'account_deactivated'), t)).toBe(
      'This account has been deactivated. Ask an administrator to reactivate it.',
    );
  });

  it('keeps wrong credentials vague', () => {
    expect(loginErrorMessage(refusal(401, 'invalid_credentials'), t)).toBe(
      'Incorrect email and password combination.',
    );
  });
});
