import type { RequestResetResponse } from '@cairn/shared/auth.schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /auth/request-reset. Spec §8: no failure message, so the screen handles the outcome itself. */
export function useRequestReset() {
  return useMutation({
    mutationFn: (email: string) =>
      api<RequestResetResponse>('POST', '/auth/request-reset', { body: { email }, anonymous: true }),
    meta: { quiet: true },
  });
}
