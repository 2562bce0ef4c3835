import { LIMITS } from '@cairn/shared/limits';
import { ROLE } from '@cairn/shared/roles';
import { userCreateBodySchema } from '@cairn/shared/users.schemas';
import { Container, Paper, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../../../lib/language.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { roleOf, useSession } from '../../../lib/session.ts';
import { useCreateUser, type UserCreateResponse } from '../api/user-mutations.ts';
import { InviteLinkModal } from '../components/invite-link-modal.tsx';
import { emptyUserForm } from '../components/user-form-model.ts';
import { UserForm } from '../components/user-form.tsx';

/** /user/create (spec §2 Users): the New User form; saving returns to the list. */
export function UserCreatePage() {
  const { t } = useTranslation('users');
  const title = t('create.title');
  usePageTitle(title);
  const navigate = useNavigate();
  const isAdmin = roleOf(useSession()?.user) === ROLE.admin;
  const create = useCreateUser();
  const [created, setCreated] = useState<UserCreateResponse | null>(null);
  const [saved, setSaved] = useState(false);

  // Leaves after the render in which the form stopped guarding against leaving.
  useEffect(() => {
    if (saved && created && !created.invite) void navigate('/users');
  }, [saved, created, navigate]);

  return (
    <Container size="md" py="lg">
      <Title order={1} mb="lg">
        {title}
      </Title>
      <Paper withBorder p="lg">
        <UserForm
          initialValues={emptyUserForm(currentLanguage())}
          schema={userCreateBodySchema}
          nameMax={LIMITS.user.nameMaxCreate}
          isAdmin={isAdmin}
          inviting
          onSubmit={async (body) => setCreated(await create.mutateAsync(body))}
          onSaved={() => setSaved(true)}
          onCancel={() => void navigate('/users')}
        />
      </Paper>
      <InviteLinkModal
        invite={saved ? (created?.invite ?? null) : null}
        onContinue={() => void navigate('/users')}
      />
    </Container>
  );
}
