import { Anchor, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuditEntries, type AuditFilters } from '../../lib/audit-queries.ts';
import { ListPager } from '../list-pager.tsx';
import { AuditEntryTable } from './audit-entry-table.tsx';

const SIZES = [10, 25, 50] as const;

/**
 * For Admins: a client's Access history (who read or changed them) or a user's recent activity,
 * newest first, paged on the server, with a link to the same entries on the Audit screen.
 */
export function AuditHistoryPanel({
  filter,
  variant,
}: {
  filter: AuditFilters;
  variant: 'accessHistory' | 'activity';
}) {
  const { t } = useTranslation('audit');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(SIZES[0]);
  const list = useAuditEntries({ ...filter, page, per_page: perPage });
  const query = new URLSearchParams(Object.entries(filter).map(([k, v]) => [k, String(v)]));
  const title = t(`${variant}.title`);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h3">
            {title}
          </Title>
          <Anchor component={Link} to={`/audit?${query.toString()}`}>
            {t(`${variant}.all`)}
          </Anchor>
        </Group>
        <Text c="dimmed" size="sm">
          {t(`${variant}.intro`)}
        </Text>
        {list.data ? (
          <>
            <AuditEntryTable
              entries={list.data.items}
              busy={list.isPlaceholderData}
              empty={t(`${variant}.empty`)}
              label={title}
            />
            {list.data.total > perPage && (
              <ListPager
                page={page}
                pageSize={perPage}
                pageSizes={SIZES}
                total={list.data.total}
                label={t('pagination')}
                onPage={setPage}
                onPageSize={(size) => {
                  setPerPage(size);
                  setPage(1);
                }}
              />
            )}
          </>
        ) : (
          <Center py="md">
            <Loader aria-label={t('loading')} />
          </Center>
        )}
      </Stack>
    </Paper>
  );
}
