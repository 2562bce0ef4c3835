import { useMutation } from '@tanstack/react-query';
import { ok, publicApi } from '../../../lib/api-client.ts';

/** POST /auth/request-reset. Spec §8: no failure message, so the screen handles the outcome itself. */
export function useRequestReset() {
  return useMutation({
    mutationFn: (email: string) => ok(publicApi.POST('/api/auth/request-reset', { body: { email } })),
    meta: { quiet: true },
  });
}
