import type { Client } from '@cairn/shared/clients.schemas';
import { missingInfoFields } from '@cairn/shared/client-rules';
import { Anchor, DataList } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../../lib/use-formats.ts';
import { ProfileAnswer } from '../../../../components/profile-answer.tsx';
import { SECTION_ROWS, type AnswerRow, type ClientSection } from './client-sections.ts';
import { SinAnswer } from './sin-answer.tsx';

/** A profile tab in view mode: each answer as label and value, missing required ones marked red. */
export function ClientSectionView({ client, section }: { client: Client; section: ClientSection }) {
  const { t } = useTranslation('clients');
  const fmt = useFormats();
  const missing = new Set<string>(missingInfoFields(client));
  const rows = SECTION_ROWS[section].filter((row) => !row.when || row.when(client));

  const valueOf = (row: AnswerRow): ReactNode => {
    if (row.field === 'sin') return <SinAnswer client={client} />;
    const raw = client[row.field];
    if (raw == null || raw === '') return null;
    const value = String(raw);
    switch (row.show.kind) {
      case 'date':
        return fmt.longDate(value);
      case 'email':
        return <Anchor href={`mailto:${value}`}>{value}</Anchor>;
      case 'phone':
        return <Anchor href={`tel:${value.replace(/[^\d+]/g, '')}`}>{value}</Anchor>;
      case 'choice':
        return t(`options.${row.show.group}.${value}`, { defaultValue: value });
      default:
        return value;
    }
  };

  return (
    <DataList withDivider size="md" labelWidth={200}>
      {rows.map((row) => {
        const value = valueOf(row);
        return (
          <DataList.Item key={row.field}>
            <DataList.ItemLabel>{t(`fields.${row.field}`)}</DataList.ItemLabel>
            <DataList.ItemValue>
              <ProfileAnswer value={value} missing={missing.has(row.field)} />
            </DataList.ItemValue>
          </DataList.Item>
        );
      })}
    </DataList>
  );
}
