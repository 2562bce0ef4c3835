import { CLIENT_PAGE_SIZES } from '@cairn/shared/clients.schemas';
import { can } from '@cairn/shared/roles';
import { Center, Container, Group, Loader, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPager } from '../../../components/list-pager.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { roleOf, useSession } from '../../../lib/session.ts';
import { useDismissDuplicate, useDuplicateList } from '../api/duplicate-queries.ts';
import { DuplicateTable } from '../components/duplicates/duplicate-table.tsx';

/** /clients/duplicates (issue 31): pairs of clients likely to be one person, best first, paged. */
export function ClientDuplicatesPage() {
  const { t } = useTranslation('clients');
  const title = t('duplicates.title');
  usePageTitle(title);
  const role = roleOf(useSession()?.user);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(25);
  const list = useDuplicateList(page, perPage);
  const dismiss = useDismissDuplicate();

  return (
    <Container size="xl" py="lg">
      <Title order={1} mb="xs">
        {title}
      </Title>
      <Text mb="md">{t('duplicates.intro')}</Text>
      {list.data ? (
        <>
          <Group justify="flex-end" mb="sm">
            <Text c="dimmed" role="status">
              {t('duplicates.total', { count: list.data.total })}
            </Text>
          </Group>
          {list.data.items.length === 0 ? (
            <Text>{t('duplicates.empty')}</Text>
          ) : (
            <DuplicateTable
              pairs={list.data.items}
              showCentre={can(role, 'cases.allCentres')}
              busy={list.isPlaceholderData || dismiss.isPending}
              onDismiss={(pair) =>
                dismiss.mutate({
                  client_id: pair.client.client_id,
                  other_id: pair.other.client_id,
                  names: { client: pair.client.full_name, other: pair.other.full_name },
                })
              }
            />
          )}
          {list.data.total > 0 && (
            <ListPager
              page={page}
              pageSize={perPage}
              pageSizes={CLIENT_PAGE_SIZES}
              label={t('duplicates.pagination')}
              total={list.data.total}
              onPage={setPage}
              onPageSize={(size) => {
                setPerPage(size);
                setPage(1);
              }}
            />
          )}
        </>
      ) : (
        <Center py="xl">
          <Loader aria-label={t('duplicates.loading')} />
        </Center>
      )}
    </Container>
  );
}
