import type { Centre } from '@cairn/shared/centres.schemas';
import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

/** Spec §2 Centres list: Name (link), City, Phone, in the server's name order; on small screens a card per centre. */
export function CentreTable({ centres }: { centres: Centre[] }) {
  const { t } = useTranslation('centres');
  return (
    <ResponsiveTable minWidth={420}>
      <Table striped highlightOnHover verticalSpacing="sm" fz="md" aria-label={t('list.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.name')}</Table.Th>
            <Table.Th>{t('fields.city')}</Table.Th>
            <Table.Th>{t('fields.phone')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {centres.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={3}>
                <Text c="dimmed">{t('list.empty')}</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {centres.map((centre) => (
            <Table.Tr key={centre.centre_id}>
              <Table.Td>
                <Anchor component={Link} to={`/centre/${centre.centre_id}`}>
                  {centre.name}
                </Anchor>
              </Table.Td>
              <Table.Td data-label={t('fields.city')}>{centre.city}</Table.Td>
              <Table.Td data-label={t('fields.phone')}>{centre.phone}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ResponsiveTable>
  );
}
