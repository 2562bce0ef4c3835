import type { LoginBody } from '@cairn/shared/auth.schemas';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ok, publicApi } from '../../../lib/api-client.ts';
import { formDrafts } from '../../../lib/form-drafts.ts';
import { userWithPickedLanguage } from '../../../lib/language.ts';
import { session } from '../../../lib/session.ts';

/**
 * POST /auth/login. On success the session is stored (with the language picked on the sign-in
 * page kept as the user's); the login route guard then takes the user to their landing page. Failures are shown by the login screen itself (spec §8).
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody) => {
      const answer = await ok(publicApi.POST('/api/auth/login', { body }));
      return { ...answer, user: await userWithPickedLanguage(answer.user, answer.accessToken) };
    },
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
