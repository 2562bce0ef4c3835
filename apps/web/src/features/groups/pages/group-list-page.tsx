import { Button, Center, Container, Group, Loader, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPager } from '../../../components/list-pager.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { PAGE_SIZES } from '../../../lib/use-list-params.ts';
import { useGroupList } from '../api/group-queries.ts';
import { GroupTable } from '../components/group-table.tsx';
import { useGroupListParams } from '../components/use-group-list-params.ts';
import { ContextHelpLink } from '../../../components/context-help-link.tsx';

/** /groups (spec §2 Groups list): the centre's groups, newest first, paged and searched on the server. */
export function GroupListPage() {
  const { t } = useTranslation('groups');
  const title = t('list.title');
  usePageTitle(title);
  const { params, setPage, setPageSize, setSearch } = useGroupListParams();
  const list = useGroupList(params);

  // A page past the end (an old link, or groups deleted since) shows the last page instead.
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / params.per_page)) : null;
  const pastTheEnd = lastPage !== null && !list.isPlaceholderData && params.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) setPage(lastPage, { replace: true });
  }, [pastTheEnd, lastPage, setPage]);

  return (
    <Container size="xl" py="lg">
      <Group justify="space-between" mb="md">
        <Group gap={4} wrap="nowrap">
          <Title order={1}>{title}</Title>
          <ContextHelpLink article="client-management/groups-and-bulk-actions" />
        </Group>
        <Button component={Link} to="/group/create" leftSection={<IconPlus size={18} aria-hidden />}>
          {t('list.newGroup')}
        </Button>
      </Group>
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <SearchField value={params.s} onSearch={setSearch} label={t('list.searchLabel')} />
        {list.data && (
          <Text c="dimmed" role="status">
            {t('list.total', { count: list.data.total })}
          </Text>
        )}
      </Group>
      {list.data ? (
        <>
          <GroupTable groups={list.data.items} search={params.s} busy={list.isPlaceholderData} />
          {list.data.total > 0 && (
            <ListPager
              page={params.page}
              pageSize={params.per_page}
              pageSizes={PAGE_SIZES}
              total={list.data.total}
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
