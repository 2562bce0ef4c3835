import type { LoginBody } from '@cairn/shared/auth.schemas';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ok, publicApi } from '../../../lib/api-client.ts';
import { formDrafts } from '../../../lib/form-drafts.ts';
import { session } from '../../../lib/session.ts';

/**
 * POST /auth/login. On success the session is stored; the login route guard then takes the
 * user to their landing page. Failures are shown by the login screen itself (spec §8).
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => ok(publicApi.POST('/api/auth/login', { body })),
    meta: { quiet: true },
    onSuccess({ accessToken, refreshToken, user }) {
      // Nothing cached or drafted for a previous user may leak into this session.
      queryClient.clear();
      formDrafts.clear(user.user_id);
      // Failure or session-expired toasts from the login screen no longer apply.
      notifications.clean();
      session.set({ accessToken, refreshToken, user });
    },
  });
}
