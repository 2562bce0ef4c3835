import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

interface ResetPasswordInput {
  password: string;
  token: string;
  id: number;
}

/** POST /auth/reset-password: sets the new password through a reset or invitation link. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordInput) =>
      api<unknown>('POST', '/auth/reset-password', { body, anonymous: true }),
    meta: { quiet: true },
  });
}
