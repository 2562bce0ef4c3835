import type { HomePage } from '@cairn/shared/my-work.schemas';
import type { User, UserCreateBody, userCreateResponseSchema } from '@cairn/shared/users.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api, idempotencyKeyParams, ok } from '../../../lib/api-client.ts';
import { failureMessage } from '../../../lib/api-errors.ts';
import { useIdempotentCreate } from '../../../lib/record-mutations.ts';
import { notify } from '../../../lib/notify.ts';
import { session } from '../../../lib/session.ts';
import { useLeaveDeleted } from '../../../lib/use-leave-deleted.ts';
import { userKeys } from './user-queries.ts';

export type UserCreateResponse = z.infer<typeof userCreateResponseSchema>;

/** The body of POST /users and PUT /users/{id} as the form sends it. */
export interface UserBody extends UserCreateBody {
  centre: { centre_id: number } | null;
  roles: Array<{ role_id: number }>;
}

// Each mutation is quiet towards the global handler: it toasts the server's reason for a refused
// rule itself, and the form shows a 400's field messages.

export function useCreateUser() {
  const { t } = useTranslation('users');
  const queryClient = useQueryClient();
  const create = useIdempotentCreate((body: UserBody, key: string) =>
    ok(api.POST('/api/users', { body, params: idempotencyKeyParams(key) })),
  );
  return useMutation({
    mutationFn: create,
    meta: { quiet: true },
    onSuccess: (created) => {
      queryClient.setQueryData(userKeys.detail(created.id), created.user);
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
      notify.success(t('toasts.created'));
    },
    onError: (error) => notify.error(failureMessage(error)),
  });
}

export function useUpdateUser(id: number) {
  const { t } = useTranslation('users');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserBody) => ok(api.PUT('/api/users/{id}', { params: { path: { id } }, body })),
    meta: { quiet: true },
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.detail(id), user);
      // Spec §4: on save the profile reloads from the server.
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      // Spec §4: saving the own profile also updates the stored user (names, avatar).
      if (session.get()?.user.user_id === user.user_id) session.update({ user });
      notify.success(t('toasts.updated'));
    },
    onError: (error) => notify.error(failureMessage(error)),
  });
}

/** What PUT /users/{id} takes without the whole user: the status, or the own account's preferences. */
type UserSettingsBody = { active?: boolean; home?: HomePage | null; digest?: boolean };

/** A PUT /users/{id} of settings only, `toBody` making its body; `success` words its toast. */
function useUserSettings<T>(
  id: number,
  toBody: (value: T) => UserSettingsBody,
  success: (user: User) => string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: T) =>
      ok(api.PUT('/api/users/{id}', { params: { path: { id } }, body: toBody(value) })),
    meta: { quiet: true },
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.detail(id), user);
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
      if (session.get()?.user.user_id === user.user_id) session.update({ user });
      notify.success(success(user));
    },
    onError: (error) => notify.error(failureMessage(error)),
  });
}

/**
 * PUT /users/{id} with `active` alone: deactivate (the user's sessions end at once) or reactivate.
 */
export function useSetUserActive(id: number) {
  const { t } = useTranslation('users');
  return useUserSettings(
    id,
    (active: boolean) => ({ active }),
    (user) => t(user.active ? 'toasts.reactivated' : 'toasts.deactivated', { name: user.full_name }),
  );
}

/** PUT /users/{id} with the own account's home page or weekly email (issue 32); the stored user follows. */
export function useSetPreferences(id: number) {
  const { t } = useTranslation('users');
  return useUserSettings(
    id,
    (preferences: Pick<UserSettingsBody, 'home' | 'digest'>) => preferences,
    () => t('toasts.preferencesSaved'),
  );
}

/** Which mail an Admin sends a user: a new invitation, or a password reset link. */
export type UserLinkKind = 'invitation' | 'password-reset';

/** POST /users/{id}/invitation or /users/{id}/password-reset. */
export function useSendUserLink() {
  const { t } = useTranslation('users');
  return useMutation({
    mutationFn: ({ user, kind }: { user: User; kind: UserLinkKind }) =>
      kind === 'invitation'
        ? ok(api.POST('/api/users/{id}/invitation', { params: { path: { id: user.user_id } } }))
        : ok(api.POST('/api/users/{id}/password-reset', { params: { path: { id: user.user_id } } })),
    meta: { quiet: true },
    onSuccess: (_sent, { user, kind }) =>
      notify.success(
        t(kind === 'invitation' ? 'toasts.invitationSent' : 'toasts.resetSent', { email: user.email }),
      ),
    onError: (error) => notify.error(failureMessage(error)),
  });
}

/** DELETE /users/{id}, then back to the user list, the user gone from the cache. */
export function useDeleteUser() {
  const { t } = useTranslation('users');
  const queryClient = useQueryClient();
  const leaveDeleted = useLeaveDeleted();
  return useMutation({
    mutationFn: (id: number) => ok(api.DELETE('/api/users/{id}', { params: { path: { id } } })),
    meta: { quiet: true },
    onSuccess: async (_result, id) => {
      queryClient.setQueriesData<User[]>({ queryKey: userKeys.lists() }, (users) =>
        users?.filter((u) => u.user_id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
      notify.success(t('toasts.deleted'));
      await leaveDeleted('/users', userKeys.detail(id));
    },
    onError: (error) => notify.error(failureMessage(error)),
  });
}

/** POST /auth/change-password: only for the own account (spec §6). */
export function useChangePassword() {
  const { t } = useTranslation('users');
  return useMutation({
    mutationFn: (body: { id: number; password: string }) =>
      ok(api.POST('/api/auth/change-password', { body })),
    meta: { quiet: true },
    onSuccess: (result) => {
      // The change ended every session of the account; the answer carries this browser's new one.
      if (result.accessToken && result.refreshToken) {
        session.update({ accessToken: result.accessToken, refreshToken: result.refreshToken });
      }
      notify.success(t('toasts.passwordChanged'));
    },
    onError: (error) => notify.error(failureMessage(error)),
  });
}
