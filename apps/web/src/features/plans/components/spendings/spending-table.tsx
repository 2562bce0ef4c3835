import type { Spending } from '@cairn/shared/spendings.schemas';
import { Table, UnstyledButton } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '../../../../components/responsive-table/responsive-table.tsx';
import { useFormats } from '../../../../lib/use-formats.ts';
import { spendingRowsOf } from './spending-rows.ts';

export interface SpendingTableProps {
  lines: readonly Spending[];
  onOpen: (spendingId: number) => void;
}

/**
 * Spec §2: Item, Description, Work Gear, Date and Value, newest first; a row opens its line item.
 * On small screens a card per line.
 */
export function SpendingTable({ lines, onOpen }: SpendingTableProps) {
  const { t } = useTranslation('plan-records');
  const fmt = useFormats();
  const rows = useMemo(() => spendingRowsOf(lines, fmt), [lines, fmt]);

  return (
    <ResponsiveTable minWidth={640}>
      <Table highlightOnHover aria-label={t('spendings.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('spendings.columns.item')}</Table.Th>
            <Table.Th scope="col">{t('spendings.columns.description')}</Table.Th>
            <Table.Th scope="col">{t('spendings.columns.workGear')}</Table.Th>
            <Table.Th scope="col">{t('spendings.columns.date')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('spendings.columns.value')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} onClick={() => onOpen(row.id)} style={{ cursor: 'pointer' }}>
              <Table.Td>
                {/* The row is clickable with a mouse; this button makes it reachable from the keyboard. */}
                <UnstyledButton
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(row.id);
                  }}
                  // Named by what it shows, then whole when cut (WCAG 2.5.3, label in name).
                  aria-label={
                    row.item === row.fullItem
                      ? t('spendings.openLine', { item: row.item, date: row.date })
                      : t('spendings.openLineCut', { shown: row.item, item: row.fullItem, date: row.date })
                  }
                  c="blue.8"
                  td="underline"
                  fz="sm"
                >
                  {row.item}
                </UnstyledButton>
              </Table.Td>
              <Table.Td data-label={t('spendings.columns.description')}>{row.description}</Table.Td>
              <Table.Td data-label={t('spendings.columns.workGear')}>
                {row.workGear ? t('yes') : t('no')}
              </Table.Td>
              <Table.Td data-label={t('spendings.columns.date')} style={{ whiteSpace: 'nowrap' }}>
                {row.date}
              </Table.Td>
              <Table.Td data-label={t('spendings.columns.value')} ta="right" style={{ whiteSpace: 'nowrap' }}>
                {row.value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ResponsiveTable>
  );
}
