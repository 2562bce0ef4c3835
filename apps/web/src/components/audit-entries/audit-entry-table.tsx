import type { AuditEntry } from '@cairn/shared/audit.schemas';
import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { wholeBadge } from '../whole-badge.ts';
import { useFormats } from '../../lib/use-formats.ts';
import { ResponsiveTable } from '../responsive-table/responsive-table.tsx';
import { useAuditSentence } from './use-audit-sentence.ts';

export interface AuditEntryTableProps {
  entries: AuditEntry[];
  /** A newer page is loading while this one is shown. */
  busy: boolean;
  /** What the table shows when there is no entry. */
  empty: string;
  /** The table's accessible name. */
  label: string;
  /** Show the client address column (the Audit screen; panels leave it out). */
  withAddress?: boolean;
}

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** Audit entries, newest first, each one readable line; on small screens a card per entry. */
export function AuditEntryTable({ entries, busy, empty, label, withAddress = false }: AuditEntryTableProps) {
  const { t } = useTranslation('audit');
  const fmt = useFormats();
  const sentence = useAuditSentence();
  const columns = withAddress ? 4 : 3;
  return (
    <ResponsiveTable minWidth={withAddress ? 720 : 560}>
      <Table
        striped
        verticalSpacing="sm"
        fz="sm"
        aria-label={label}
        aria-busy={busy}
        style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.when')}</Table.Th>
            <Table.Th>{t('columns.entry')}</Table.Th>
            <Table.Th>{t('columns.outcome')}</Table.Th>
            {withAddress && <Table.Th>{t('columns.address')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columns}>
                <Text c="dimmed" py="md" ta="center">
                  {empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {entries.map((e) => (
            <Table.Tr key={e.seq}>
              <Table.Td style={NO_WRAP}>{fmt.dateTime(e.at)}</Table.Td>
              <Table.Td data-label={t('columns.entry')}>{sentence(e)}</Table.Td>
              <Table.Td data-label={t('columns.outcome')}>
                {/* White on teal 9 and red 9 keeps above WCAG AA's 4.5:1, as the plan status does. */}
                <Badge
                  variant="filled"
                  color={e.outcome === 'allowed' ? 'teal.9' : 'red.9'}
                  component="span"
                  styles={wholeBadge}
                >
                  {t(`outcomes.${e.outcome}`)}
                </Badge>
              </Table.Td>
              {withAddress && (
                <Table.Td data-label={t('columns.address')} style={{ overflowWrap: 'anywhere' }}>
                  {e.address ?? ''}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ResponsiveTable>
  );
}
