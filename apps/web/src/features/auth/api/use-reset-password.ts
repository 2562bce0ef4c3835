import { useMutation } from '@tanstack/react-query';
import { ok, publicApi } from '../../../lib/api-client.ts';

interface ResetPasswordInput {
  password: string;
  token: string;
  id: number;
}

/** POST /auth/reset-password: sets the new password through a reset or invitation link. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordInput) => ok(publicApi.POST('/api/auth/reset-password', { body })),
    meta: { quiet: true },
  });
}
