import type { ClientMergeField, MergeSide } from '@cairn/shared/client-merge.schemas';
import type { Client } from '@cairn/shared/clients.schemas';
import { Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../../lib/use-formats.ts';
import { shownValue } from './merge-fields.ts';

export interface MergeFieldChoicesProps {
  kept: Client;
  other: Client;
  fields: readonly ClientMergeField[];
  choices: Partial<Record<ClientMergeField, MergeSide>>;
  onChoose: (field: ClientMergeField, side: MergeSide) => void;
}

/**
 * The two records side by side, one group of two radio buttons per field whose values differ:
 * each group is named by its field, each button by its value and whose it is.
 */
export function MergeFieldChoices({ kept, other, fields, choices, onChoose }: MergeFieldChoicesProps) {
  const { t } = useTranslation('clients');
  const fmt = useFormats();
  if (fields.length === 0) return <Text>{t('merge.noDifferences')}</Text>;

  const option = (client: Client, field: ClientMergeField, side: MergeSide) => {
    const value = shownValue(client, field, t, fmt) ?? t('merge.empty');
    return (
      <Radio
        value={side}
        label={value}
        description={t(side === 'this' ? 'merge.fromThis' : 'merge.fromOther', { name: client.full_name })}
      />
    );
  };

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('merge.fieldsTitle')}
      </Title>
      <Text c="dimmed">{t('merge.fieldsHint')}</Text>
      {fields.map((field) => (
        <Radio.Group
          key={field}
          label={t(`fields.${field}`)}
          value={choices[field] ?? 'this'}
          onChange={(side) => onChoose(field, side as MergeSide)}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
            {option(kept, field, 'this')}
            {option(other, field, 'other')}
          </SimpleGrid>
        </Radio.Group>
      ))}
    </Stack>
  );
}
