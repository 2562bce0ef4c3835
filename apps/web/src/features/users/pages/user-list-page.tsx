import { Button, Center, Container, Group, Loader, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useUsers } from '../api/user-queries.ts';
import { UserTable } from '../components/user-table.tsx';
import { ContextHelpLink } from '../../../components/context-help-link.tsx';

/** /users (spec §2 Users): every user, with New User. */
export function UserListPage() {
  const { t } = useTranslation('users');
  const title = t('list.title');
  usePageTitle(title);
  const users = useUsers();

  return (
    <Container size="xl" py="lg">
      <Group justify="space-between" mb="lg">
        <Group gap={4} wrap="nowrap">
          <Title order={1}>{title}</Title>
          <ContextHelpLink article="admin/users" />
        </Group>
        <Button component={Link} to="/user/create" leftSection={<IconPlus size={18} aria-hidden />}>
          {t('list.newUser')}
        </Button>
      </Group>
      {users.data ? (
        <UserTable users={users.data} />
      ) : (
        <Center py="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      )}
    </Container>
  );
}
