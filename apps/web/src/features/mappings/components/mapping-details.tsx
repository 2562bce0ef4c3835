import { DataList } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { nameIn } from '../../../lib/catalogue-names.ts';
import { reportingTypeNamed, viewFieldsOf, type MappingItem, type ViewField } from './mapping-kinds.ts';
import { UntranslatedBadge } from './untranslated-badge.tsx';

/**
 * An item's view (spec §2 Mappings item page): its category, reporting type, certificate and
 * description as its kind has them, '-' for an answer not given.
 */
export function MappingDetails({ item }: { item: MappingItem }) {
  const { t } = useTranslation('mappings');
  const answers: Record<ViewField, ReactNode> = {
    name: item.name,
    nameFr: item.nameFr ?? <UntranslatedBadge />,
    category: item.category ? t(`categories.${item.category}`, { defaultValue: item.category }) : null,
    reportingType: reportingTypeNamed(item) && nameIn(reportingTypeNamed(item)!),
    certificate: item.certificate ? t('yes') : t('no'),
    description: item.description,
    descriptionFr: item.descriptionFr,
  };
  return (
    <DataList withDivider size="md" labelWidth={160}>
      {viewFieldsOf(item).map((field) => (
        <DataList.Item key={field}>
          <DataList.ItemLabel>{t(`fields.${field}`)}</DataList.ItemLabel>
          <DataList.ItemValue style={{ whiteSpace: 'pre-line' }}>
            {answers[field] || t('empty')}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}
