import { useQuery } from '@tanstack/react-query';
import { ok, publicApi } from '../../../lib/api-client.ts';

export interface CheckResetResult {
  valid: true;
  purpose: 'reset' | 'invite';
}

/**
 * POST /auth/check-reset. A refused link is shown as the Invalid link screen, never as the
 * error page (spec §8 lists the reset-token check as an exception).
 */
export function useCheckReset(token: string | null, id: string | null) {
  return useQuery({
    queryKey: ['auth', 'check-reset', token, id],
    queryFn: ({ signal }) =>
      ok(publicApi.POST('/api/auth/check-reset', { body: { token: token ?? '', id: Number(id) }, signal })),
    enabled: Boolean(token && id),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    meta: { noErrorPage: true },
  });
}
