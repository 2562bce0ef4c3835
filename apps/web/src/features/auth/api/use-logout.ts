import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, ok } from '../../../lib/api-client.ts';
import { formDrafts } from '../../../lib/form-drafts.ts';
import { notify } from '../../../lib/notify.ts';
import { session } from '../../../lib/session.ts';

/**
 * POST /auth/logout revokes the refresh token. The browser forgets the session whatever the
 * server answers, so a network failure never keeps someone signed in (spec §1, §8), and every
 * form draft kept in this tab.
 */
export function useLogout() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const refreshToken = session.get()?.refreshToken;
      if (refreshToken) await ok(api.POST('/api/auth/logout', { body: { refreshToken } }));
    },
    meta: { quiet: true },
    onSettled() {
      session.set(null);
      formDrafts.clear();
      queryClient.clear();
      notify.success(t('session.loggedOut'));
      void navigate('/login', { replace: true });
    },
  });
}
