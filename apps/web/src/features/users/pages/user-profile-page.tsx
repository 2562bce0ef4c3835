import { LIMITS } from '@cairn/shared/limits';
import { ROLE } from '@cairn/shared/roles';
import { userEditFormSchema } from '@cairn/shared/users.schemas';
import { Alert, Button, Center, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconKey, IconPencil, IconTrash, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { AuditHistoryPanel } from '../../../components/audit-entries/audit-history-panel.tsx';
import { DeleteModal } from '../../../components/delete-modal.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { roleOf, useSession } from '../../../lib/session.ts';
import { useDeleteUser, useSetUserActive, useUpdateUser } from '../api/user-mutations.ts';
import { useUser } from '../api/user-queries.ts';
import { ChangePasswordModal } from '../components/change-password-modal.tsx';
import { UserDetails } from '../components/user-details.tsx';
import { userFormValuesOf } from '../components/user-form-model.ts';
import { UserForm } from '../components/user-form.tsx';
import { UserStatusModal } from '../components/user-status-modal.tsx';
import { UserCaseload } from '../components/user-caseload.tsx';
import { AccountPreferences } from '../components/account-preferences.tsx';
import { useRoleTitle } from '../components/use-role-title.ts';

/** /user/{userId}: spec §2 Users profile and §4 view/edit. */
export function UserProfilePage() {
  const { userId } = useParams();
  const id = Number(userId);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to="/404" replace />;
  // A fresh profile per user: leaving one user for another drops edit mode and open dialogs.
  return <UserProfile key={id} userId={id} />;
}

function UserProfile({ userId }: { userId: number }) {
  const { t } = useTranslation('users');
  const roleTitle = useRoleTitle();
  const me = useSession()?.user;
  const isAdmin = roleOf(me) === ROLE.admin;
  const isOwn = me?.user_id === userId;

  const { data: user } = useUser(userId);
  const update = useUpdateUser(userId);
  const remove = useDeleteUser();
  const setActive = useSetUserActive(userId);
  const [editing, setEditing] = useState(false);
  const [changingStatus, setChangingStatus] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const title = user ? t('profile.title', { role: roleTitle(user.roles[0]) }) : null;
  usePageTitle(title);

  if (!user) {
    return (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }

  const confirmDelete = () => remove.mutate(userId, { onError: () => setDeleting(false) });
  const confirmStatus = () => setActive.mutate(!user.active, { onSettled: () => setChangingStatus(false) });

  return (
    <Container size="md" py="lg">
      <Group justify="space-between" align="flex-start" mb="lg" gap="md">
        <Group gap="md" wrap="nowrap">
          <UserAvatar user={user} size="lg" />
          <Stack gap={0}>
            <Title order={1}>{title}</Title>
            <Text c="dimmed">{user.full_name}</Text>
          </Stack>
        </Group>
        {!editing && (
          <Group gap="sm">
            {/* Spec §2: Edit Info whenever the own account is known. */}
            {me && (
              <Button
                variant="default"
                leftSection={<IconPencil size={18} aria-hidden />}
                onClick={() => setEditing(true)}
              >
                {t('profile.editInfo')}
              </Button>
            )}
            {isOwn && (
              <Button
                variant="default"
                leftSection={<IconKey size={18} aria-hidden />}
                onClick={() => setChangingPassword(true)}
              >
                {t('profile.changePassword')}
              </Button>
            )}
            {/* Issue 28: an Admin deactivates another user instead of deleting them; Delete stays for mistakes. */}
            {!isOwn && isAdmin && (
              <Button
                variant="default"
                leftSection={
                  user.active ? (
                    <IconUserOff size={18} aria-hidden />
                  ) : (
                    <IconUserCheck size={18} aria-hidden />
                  )
                }
                onClick={() => setChangingStatus(true)}
              >
                {t(user.active ? 'profile.deactivate' : 'profile.reactivate')}
              </Button>
            )}
            {!isOwn && isAdmin && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={18} aria-hidden />}
                onClick={() => setDeleting(true)}
              >
                {t('actions.delete')}
              </Button>
            )}
          </Group>
        )}
      </Group>

      {!user.active && (
        <Alert color="gray" variant="light" mb="lg" icon={<IconUserOff aria-hidden />}>
          {t('profile.inactiveNote', { name: user.full_name })}
        </Alert>
      )}
      {isAdmin && !isOwn && <UserCaseload user={user} />}
      <Paper withBorder p="lg">
        {editing ? (
          <UserForm
            initialValues={userFormValuesOf(user)}
            schema={userEditFormSchema}
            nameMax={LIMITS.user.nameMaxEdit}
            isAdmin={isAdmin}
            currentCentre={user.centre}
            lockCentreAndRole={isOwn}
            lockLanguage={!isOwn}
            onSubmit={(body) => update.mutateAsync(body)}
            onSaved={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <UserDetails user={user} linkCentre={isAdmin} />
        )}
      </Paper>

      {isOwn && !editing && <AccountPreferences user={user} />}

      {/* Issue 14: that user's recent activity, for Admins. */}
      {isAdmin && (
        <Stack mt="lg">
          <AuditHistoryPanel filter={{ user_id: userId }} variant="activity" />
        </Stack>
      )}

      {isOwn && (
        <ChangePasswordModal
          opened={changingPassword}
          onClose={() => setChangingPassword(false)}
          userId={userId}
        />
      )}
      {!isOwn && isAdmin && (
        <UserStatusModal
          user={user}
          opened={changingStatus}
          onClose={() => setChangingStatus(false)}
          onConfirm={confirmStatus}
          loading={setActive.isPending}
        />
      )}
      {!isOwn && (
        <DeleteModal
          opened={deleting}
          onClose={() => setDeleting(false)}
          onConfirm={confirmDelete}
          title={t('delete.title')}
          message={t('delete.message', { name: user.full_name })}
          loading={remove.isPending}
        />
      )}
    </Container>
  );
}
