import type { ClientListItem, ClientSort } from '@cairn/shared/clients.schemas';
import { Anchor, Checkbox, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResponsiveTable } from '../../../../components/responsive-table/responsive-table.tsx';
import { useFormats } from '../../../../lib/use-formats.ts';
import { MissingInfoIcon } from './missing-info-icon.tsx';
import { SortHeader } from './sort-header.tsx';

export interface ClientTableColumns {
  centre: boolean;
  email: boolean;
}

export interface ClientTableProps {
  clients: ClientListItem[];
  columns: ClientTableColumns;
  sortBy: ClientSort | null;
  sortDesc: boolean;
  onSort: (column: ClientSort) => void;
  /** The search in force, for the empty state. */
  search: string;
  /** Whether a report's filters are in force, for the empty state. */
  filtered?: boolean;
  /** A newer page is loading while this one is shown. */
  busy: boolean;
  /** The clients chosen for a bulk action (issue 32), with a checkbox per row; none without. */
  selection?: ClientSelection | undefined;
}

/** Checkboxes to choose clients on the page for a bulk action. */
export interface ClientSelection {
  selected: ReadonlySet<number>;
  onToggle: (clientId: number) => void;
  /** Chooses every client of the page, or none when all are chosen. */
  onTogglePage: () => void;
}

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/**
 * Spec §2 Clients list: the columns a role and screen width call for, sortable by their headers;
 * on small screens a card per client.
 */
export function ClientTable({
  clients,
  columns,
  sortBy,
  sortDesc,
  onSort,
  search,
  filtered = false,
  busy,
  selection,
}: ClientTableProps) {
  const { t } = useTranslation('clients');
  const { t: tc } = useTranslation('caseloads');
  const { t: tp } = useTranslation('plans');
  const fmt = useFormats();
  const sort = { sortBy, sortDesc, onSort };
  const columnCount = 6 + (columns.centre ? 1 : 0) + (columns.email ? 1 : 0) + (selection ? 1 : 0);
  const chosenOnPage = selection ? clients.filter((c) => selection.selected.has(c.client_id)).length : 0;

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
            {selection && (
              <Table.Th w={36}>
                <Checkbox
                  aria-label={tc('selection.selectPage')}
                  checked={clients.length > 0 && chosenOnPage === clients.length}
                  indeterminate={chosenOnPage > 0 && chosenOnPage < clients.length}
                  disabled={clients.length === 0}
                  onChange={selection.onTogglePage}
                />
              </Table.Th>
            )}
            <Table.Th w={36}>
              <VisuallyHidden>{t('list.columns.missing')}</VisuallyHidden>
            </Table.Th>
            <SortHeader column="full_name" {...sort}>
              {t('list.columns.name')}
            </SortHeader>
            {columns.centre && (
              <SortHeader column="centre_name" {...sort}>
                {t('list.columns.centre')}
              </SortHeader>
            )}
            {columns.email && (
              <SortHeader column="email" {...sort}>
                {t('list.columns.email')}
              </SortHeader>
            )}
            <SortHeader column="phone" {...sort}>
              {t('list.columns.phone')}
            </SortHeader>
            <Table.Th>{tc('worker')}</Table.Th>
            <SortHeader column="recent_plan_status" {...sort}>
              {t('list.columns.caseStatus')}
            </SortHeader>
            <SortHeader column="updated_at" {...sort}>
              {t('list.columns.lastUpdated')}
            </SortHeader>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {clients.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columnCount}>
                <Text c="dimmed" py="md" ta="center">
                  {search
                    ? t('list.noMatches', { s: search })
                    : filtered
                      ? t('list.noFilterMatches')
                      : t('list.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {clients.map((client) => (
            <Table.Tr key={client.client_id}>
              {selection && (
                <Table.Td>
                  <Checkbox
                    aria-label={tc('selection.selectClient', { name: client.full_name })}
                    checked={selection.selected.has(client.client_id)}
                    onChange={() => selection.onToggle(client.client_id)}
                  />
                </Table.Td>
              )}
              <Table.Td>{client._missing && <MissingInfoIcon />}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/client/${client.client_id}`}>
                  {client.full_name}
                </Anchor>
              </Table.Td>
              {columns.centre && (
                <Table.Td data-label={t('list.columns.centre')}>{client.centre_name}</Table.Td>
              )}
              {columns.email && (
                <Table.Td data-label={t('list.columns.email')}>
                  {client.email && <Anchor href={`mailto:${client.email}`}>{client.email}</Anchor>}
                </Table.Td>
              )}
              <Table.Td data-label={t('list.columns.phone')} style={NO_WRAP}>
                {client.phone}
              </Table.Td>
              <Table.Td data-label={tc('worker')}>{client.worker_name ?? tc('unassigned')}</Table.Td>
              <Table.Td data-label={t('list.columns.caseStatus')}>
                {client.recent_plan_status ? tp(`status.${client.recent_plan_status}`) : t('list.none')}
              </Table.Td>
              <Table.Td data-label={t('list.columns.lastUpdated')} style={NO_WRAP}>
                {fmt.dateTime(client.updated_at)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ResponsiveTable>
  );
}
