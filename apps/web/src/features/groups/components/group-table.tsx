import type { GroupListItem } from '@cairn/shared/groups.schemas';
import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { useFormats } from '../../../lib/use-formats.ts';
import { listDescription } from './group-text.ts';

export interface GroupTableProps {
  groups: GroupListItem[];
  /** The search in force, for the empty state. */
  search: string;
  /** A newer page is loading while this one is shown. */
  busy: boolean;
}

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/**
 * Spec §2 Groups list: Name (link), Description (cut at 60, the whole in its tooltip), Members and
 * Date Created; on small screens a card per group.
 */
export function GroupTable({ groups, search, busy }: GroupTableProps) {
  const { t } = useTranslation('groups');
  const fmt = useFormats();
  return (
    <ResponsiveTable minWidth={640}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        fz="md"
        aria-label={t('list.tableLabel')}
        aria-busy={busy}
        style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('list.columns.name')}</Table.Th>
            <Table.Th>{t('list.columns.description')}</Table.Th>
            <Table.Th>{t('list.columns.members')}</Table.Th>
            <Table.Th>{t('list.columns.created')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text c="dimmed" py="md" ta="center">
                  {search ? t('list.noMatches', { s: search }) : t('list.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {groups.map((group) => {
            const description = listDescription(group.description);
            return (
              <Table.Tr key={group.group_id}>
                <Table.Td>
                  <Anchor component={Link} to={`/group/${group.group_id}`}>
                    {group.name}
                  </Anchor>
                </Table.Td>
                <Table.Td data-label={t('list.columns.description')}>
                  {description ? (
                    <span title={description.full ?? undefined}>{description.shown}</span>
                  ) : (
                    t('list.none')
                  )}
                </Table.Td>
                <Table.Td data-label={t('list.columns.members')}>{group.clients_count}</Table.Td>
                <Table.Td data-label={t('list.columns.created')} style={NO_WRAP}>
                  {fmt.momentDate(group.created_at)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ResponsiveTable>
  );
}
