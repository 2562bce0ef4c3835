import { Button, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContextHelpLink } from '../../../components/context-help-link.tsx';
import { ListPager } from '../../../components/list-pager.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { PAGE_SIZES } from '../../../lib/use-list-params.ts';
import { useSendUserLink } from '../api/user-mutations.ts';
import { useUsers } from '../api/user-queries.ts';
import { UserFilterFields } from '../components/user-filters.tsx';
import { UserTable } from '../components/user-table.tsx';
import { userQueryOf, useUserListParams } from '../components/use-user-list-params.ts';

/**
 * /users (spec §2 Users): the users, searched by name or email and filtered by role, centre and
 * status on the server, with New User. Search, filters and page live in the address. A centre
 * has tens of users: the server answers them all and the list pages them here.
 */
export function UserListPage() {
  const { t } = useTranslation('users');
  const title = t('list.title');
  usePageTitle(title);
  const { params, setPage, setPageSize, setSearch, setFilters } = useUserListParams();
  const users = useUsers(userQueryOf(params));
  const send = useSendUserLink();

  const total = users.data?.length ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / params.per_page));
  const pastTheEnd = users.data !== undefined && !users.isPlaceholderData && params.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) setPage(lastPage, { replace: true });
  }, [pastTheEnd, lastPage, setPage]);
  const start = (Math.min(params.page, lastPage) - 1) * params.per_page;
  const filtered =
    params.s !== '' || params.role !== null || params.centre !== null || params.status !== null;

  return (
    <Container size="xl" py="lg">
      <Group justify="space-between" mb="md">
        <Group gap={4} wrap="nowrap">
          <Title order={1}>{title}</Title>
          <ContextHelpLink article="admin/users" />
        </Group>
        <Button component={Link} to="/user/create" leftSection={<IconPlus size={18} aria-hidden />}>
          {t('list.newUser')}
        </Button>
      </Group>
      <Stack gap="sm" mb="md">
        <SearchField value={params.s} onSearch={setSearch} label={t('list.searchLabel')} />
        <Group justify="space-between" align="flex-end" gap="sm">
          <UserFilterFields filters={params} onChange={setFilters} />
          {users.data && <Text role="status">{t('list.total', { count: total })}</Text>}
        </Group>
      </Stack>
      {users.data ? (
        <>
          <UserTable
            users={users.data.slice(start, start + params.per_page)}
            busy={users.isPlaceholderData}
            emptyText={t(filtered ? 'list.noMatch' : 'list.empty')}
            sendingTo={send.isPending ? (send.variables?.user.user_id ?? null) : null}
            onSendLink={(user, kind) => send.mutate({ user, kind })}
          />
          {total > 0 && (
            <ListPager
              page={params.page}
              pageSize={params.per_page}
              pageSizes={PAGE_SIZES}
              total={total}
              label={t('list.pagination')}
              onPage={(page) => setPage(page)}
              onPageSize={setPageSize}
            />
          )}
        </>
      ) : (
        <Center py="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      )}
    </Container>
  );
}
