import type { Client } from '@cairn/shared/clients.schemas';
import { missingInfoFields } from '@cairn/shared/client-rules';
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { sectionOf } from './client-sections.ts';

/** The red notice at the top of a profile whose client misses required information (spec §3 flag). */
export function MissingInfoNotice({ client }: { client: Client }) {
  const { t } = useTranslation('clients');
  if (!client._missing) return null;
  const missing = missingInfoFields(client).map((field) => {
    const section = sectionOf(field);
    const label = t(`fields.${field}`);
    return section ? t('profile.missingWhere', { field: label, tab: t(`profile.tabs.${section}`) }) : label;
  });
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden />}
      title={t('profile.missingNotice')}
    >
      {missing.length > 0 && t('profile.missingList', { fields: missing.join(', ') })}
    </Alert>
  );
}
