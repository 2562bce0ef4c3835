import { Anchor, Badge, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { descriptionIn, nameIn, untranslated } from '../../../lib/catalogue-names.ts';
import {
  descriptionPreview,
  itemDescribed,
  itemNamed,
  KIND_FIELDS,
  reportingTypeNamed,
  type MappingItem,
  type MappingKind,
} from './mapping-kinds.ts';
import { UntranslatedBadge } from './untranslated-badge.tsx';

export interface MappingTableProps {
  kind: MappingKind;
  items: MappingItem[];
  /** The table's name for assistive technology (which list, which tab). */
  label: string;
  /** What the table says when it has no row. */
  empty: string;
}

/**
 * Spec §2 Mappings category list: Name (a link to the item), Category (not for trainings, whose
 * category is always '-'), Reporting Type and Description cut at 50 characters (spec §9), the
 * whole description kept for screen readers and as the cell's tooltip. A card per item on phones.
 */
export function MappingTable({ kind, items, label, empty }: MappingTableProps) {
  const { t } = useTranslation('mappings');
  const withCategory = KIND_FIELDS[kind].categories !== null;
  const columns = withCategory ? 4 : 3;
  return (
    <ResponsiveTable minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="sm" fz="md" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.name')}</Table.Th>
            {withCategory && <Table.Th>{t('fields.category')}</Table.Th>}
            <Table.Th>{t('fields.reportingType')}</Table.Th>
            <Table.Th>{t('fields.description')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columns}>
                <Text c="dimmed">{empty}</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {items.map((item) => {
            const description = descriptionIn(itemDescribed(item));
            const preview = descriptionPreview(description);
            const cut = preview !== (description ?? '');
            const reportingType = reportingTypeNamed(item);
            return (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Anchor component={Link} to={`/mapping/${kind}/${item.id}`}>
                      {nameIn(itemNamed(item))}
                    </Anchor>
                    {untranslated(itemNamed(item)) && <UntranslatedBadge />}
                    {item.isOther && (
                      <Badge variant="light" color="gray" size="sm">
                        {t('list.otherBadge')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                {withCategory && (
                  <Table.Td data-label={t('fields.category')}>
                    {item.category ? t(`categories.${item.category}`, { defaultValue: item.category }) : ''}
                  </Table.Td>
                )}
                <Table.Td data-label={t('fields.reportingType')}>
                  {reportingType ? nameIn(reportingType) : t('empty')}
                </Table.Td>
                <Table.Td data-label={t('fields.description')}>
                  {cut ? (
                    <>
                      <span aria-hidden title={description ?? undefined}>
                        {preview}
                      </span>
                      <VisuallyHidden>{description}</VisuallyHidden>
                    </>
                  ) : (
                    preview || t('empty')
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ResponsiveTable>
  );
}
