import { CLIENT_PAGE_SIZES } from '@cairn/shared/clients.schemas';
import { can, ROLE } from '@cairn/shared/roles';
import { Button, Center, Container, Group, Loader, Text, Title } from '@mantine/core';
import { IconPlus, IconTableImport, IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPager } from '../../../components/list-pager.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { useIsExtraLargeScreen } from '../../../lib/breakpoints.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { roleOf, useSession } from '../../../lib/session.ts';
import { useClientList } from '../api/client-list-queries.ts';
import { ClientExportButton } from '../components/list/client-export-button.tsx';
import { ClientListFilterNotice } from '../components/list/client-list-filter-notice.tsx';
import { ClientTable } from '../components/list/client-table.tsx';
import { useClientListParams } from '../components/list/use-client-list-params.ts';
import { ContextHelpLink } from '../../../components/context-help-link.tsx';
import { ClientBulkBar } from '../components/list/client-bulk-bar.tsx';
import { WorkerFilterSelect } from '../components/list/worker-filter-select.tsx';
import { workerIdOf } from '../components/list/worker-filter.ts';

/**
 * /clients (spec §2 Clients list): the centre's clients, paged, sorted and searched on the server,
 * and filtered to what a report counts when one of its figures or bars opened the list.
 */
export function ClientListPage() {
  const { t } = useTranslation('clients');
  const title = t('list.title');
  usePageTitle(title);
  const user = useSession()?.user;
  const role = roleOf(user);
  const extraLarge = useIsExtraLargeScreen();
  // Issue 32: a Coordinator's list opens on their own clients (`worker=me`).
  const coordinator = role === ROLE.coordinator;
  const { params, setPage, setPageSize, toggleSort, setSearch, clearFilter, setWorker } =
    useClientListParams(coordinator);
  const list = useClientList(params);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const writes = can(role, 'cases.write');
  const pageIds = list.data?.items.map((c) => c.client_id) ?? [];

  // A page past the end (an old link, or clients removed since) shows the last page instead.
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / params.per_page)) : null;
  const pastTheEnd = lastPage !== null && !list.isPlaceholderData && params.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) setPage(lastPage, { replace: true });
  }, [pastTheEnd, lastPage, setPage]);

  const allCentres = can(role, 'cases.allCentres');
  // Spec §2: Admins see every centre, with its name, and email; Coordinators email on extra-large screens.
  const columns = { centre: allCentres, email: allCentres || extraLarge };

  return (
    <Container size="xl" py="lg">
      <Group justify="space-between" mb="md">
        <Group gap={4} wrap="nowrap">
          <Title order={1}>{title}</Title>
          <ContextHelpLink article="client-management/client-list-and-search" />
        </Group>
        <Group gap="sm" align="flex-start">
          <ClientExportButton params={params} />
          {can(role, 'cases.write') && (
            <Button
              component={Link}
              to="/clients/duplicates"
              variant="default"
              leftSection={<IconUsers size={18} aria-hidden />}
            >
              {t('list.duplicates')}
            </Button>
          )}
          {can(role, 'cases.write') && (
            <Button
              component={Link}
              to="/clients/import"
              variant="default"
              leftSection={<IconTableImport size={18} aria-hidden />}
            >
              {t('list.import')}
            </Button>
          )}
          {can(role, 'clients.create') && (
            <Button component={Link} to="/client/create" leftSection={<IconPlus size={18} aria-hidden />}>
              {t('list.newClient')}
            </Button>
          )}
        </Group>
      </Group>
      <ClientListFilterNotice filter={params.filter} invalid={params.filterInvalid} onClear={clearFilter} />
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Group gap="sm" align="flex-end">
          <SearchField
            value={params.s}
            onSearch={setSearch}
            label={t('list.searchLabel')}
            placeholder={t('list.searchPlaceholder')}
          />
          <WorkerFilterSelect
            value={params.worker}
            onChange={(worker) => {
              setSelected(new Set());
              setWorker(worker);
            }}
            offerMine={coordinator}
            centreId={coordinator ? (user?.centre?.centre_id ?? null) : null}
            chosenName={list.data?.items[0]?.worker_name}
          />
        </Group>
        {list.data && (
          <Text c="dimmed" role="status">
            {list.data.total_capped
              ? t('list.totalCapped', { count: list.data.total })
              : t('list.total', { count: list.data.total })}
          </Text>
        )}
      </Group>
      {writes && (
        <ClientBulkBar
          selected={selected}
          onClear={() => setSelected(new Set())}
          workerId={workerIdOf(params.worker, user?.user_id)}
          hasClients={(list.data?.total ?? 0) > 0}
          centreId={allCentres ? null : (user?.centre?.centre_id ?? null)}
        />
      )}
      {list.data ? (
        <>
          <ClientTable
            selection={
              writes
                ? {
                    selected,
                    onToggle: (id) => setSelected(toggled(selected, [id], !selected.has(id))),
                    onTogglePage: () =>
                      setSelected(toggled(selected, pageIds, !pageIds.every((id) => selected.has(id)))),
                  }
                : undefined
            }
            clients={list.data.items}
            columns={columns}
            sortBy={params.sort_by}
            sortDesc={params.sort_desc}
            onSort={toggleSort}
            search={params.s}
            filtered={Object.keys(params.filter).length > 0}
            busy={list.isPlaceholderData}
          />
          {list.data.total > 0 && (
            <ListPager
              page={params.page}
              pageSize={params.per_page}
              pageSizes={CLIENT_PAGE_SIZES}
              label={t('list.pagination')}
              total={list.data.total}
              onPage={(page) => setPage(page)}
              onPageSize={setPageSize}
            />
          )}
        </>
      ) : (
        <Center py="xl">
          <Loader aria-label={t('list.loading')} />
        </Center>
      )}
    </Container>
  );
}

/** The selection with `ids` added (`on`) or taken out. */
function toggled(selected: ReadonlySet<number>, ids: readonly number[], on: boolean): Set<number> {
  const next = new Set(selected);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}
