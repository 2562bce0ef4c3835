import type { Centre } from '@cairn/shared/centres.schemas';
import { DataList, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The centre profile's view mode (spec §2 Centres): address, city, province, postal code, phone. */
export function CentreDetails({ centre }: { centre: Centre }) {
  const { t } = useTranslation('centres');
  const rows: Array<[string, ReactNode]> = [
    [t('fields.address'), centre.address],
    [t('fields.city'), centre.city],
    [
      t('fields.province'),
      centre.province ? t(`provinces.${centre.province}`, { defaultValue: centre.province }) : null,
    ],
    [t('fields.postalCode'), centre.postal_code],
    [t('fields.phone'), centre.phone],
  ];
  return (
    <DataList withDivider size="md" labelWidth={140}>
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue>
            {value || (
              <Text span c="dimmed">
                {t('notGiven')}
              </Text>
            )}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}
