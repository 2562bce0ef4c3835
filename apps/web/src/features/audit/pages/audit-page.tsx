import { Button, Center, Container, Group, Loader, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditEntryTable } from '../../../components/audit-entries/audit-entry-table.tsx';
import { ListPager } from '../../../components/list-pager.tsx';
import { api } from '../../../lib/api-client.ts';
import { auditQuery, useAuditEntries } from '../../../lib/audit-queries.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useDownload } from '../../../lib/use-download.ts';
import { PAGE_SIZES } from '../../../lib/use-list-params.ts';
import { auditFilterErrors, hasFilterErrors } from '../components/audit-filter-errors.ts';
import { AuditFiltersForm } from '../components/audit-filters.tsx';
import { useAuditParams } from '../components/use-audit-params.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * /audit (Settings → Audit, Admins only, issue 14): the trail, newest first, filtered and paged
 * on the server, each entry one readable line; the filtered entries export to .xlsx.
 */
export function AuditPage() {
  const { t } = useTranslation('audit');
  const title = t('title');
  usePageTitle(title);
  const { params, setPage, setPageSize, setFilters } = useAuditParams();
  const { page, per_page, s: _s, ...filters } = params;
  // The client number as typed, kept in step with the address (a link, Clear filters).
  const [client, setClient] = useState(filters.client_id ? String(filters.client_id) : '');
  useEffect(() => setClient(filters.client_id ? String(filters.client_id) : ''), [filters.client_id]);
  const errors = auditFilterErrors({ client, from: filters.from, to: filters.to });
  const valid = !hasFilterErrors(errors);
  const list = useAuditEntries({ ...filters, page, per_page }, valid);
  const download = useDownload();

  // A page past the end (an old link) shows the last page instead.
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / per_page)) : null;
  const pastTheEnd = lastPage !== null && !list.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) setPage(lastPage, { replace: true });
  }, [pastTheEnd, lastPage, setPage]);

  const exportEntries = () =>
    void download.start(
      (signal) =>
        api.GET('/api/audit/export', {
          params: { query: auditQuery(filters) },
          parseAs: 'stream',
          headers: { Accept: XLSX },
          signal,
        }),
      'audit-trail.xlsx',
    );

  return (
    <Container size="xl" py="lg">
      <Group justify="space-between" mb="xs" gap="sm">
        <Title order={1}>{title}</Title>
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          onClick={exportEntries}
          disabled={!valid}
          loading={download.busy}
        >
          {t('export')}
        </Button>
      </Group>
      <Text c="dimmed" mb="md">
        {t('intro')}
      </Text>
      <AuditFiltersForm
        filters={filters}
        onChange={setFilters}
        client={client}
        onClient={setClient}
        errors={errors}
      />
      {!valid ? (
        <Text role="status" mb="xs">
          {t('fixFilters')}
        </Text>
      ) : list.data ? (
        <>
          <Text c="dimmed" role="status" mb="xs">
            {t('total', { count: list.data.total })}
          </Text>
          <AuditEntryTable
            entries={list.data.items}
            busy={list.isPlaceholderData}
            empty={t('empty')}
            label={t('tableLabel')}
            withAddress
          />
          {list.data.total > 0 && (
            <ListPager
              page={page}
              pageSize={per_page}
              pageSizes={PAGE_SIZES}
              total={list.data.total}
              label={t('pagination')}
              onPage={(p) => setPage(p)}
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
