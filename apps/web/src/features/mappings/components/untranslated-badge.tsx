import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Marks an item without a French name (issue 34): the screens show its English one meanwhile. */
export function UntranslatedBadge() {
  const { t } = useTranslation('mappings');
  return (
    <Badge variant="light" color="yellow" size="sm" title={t('untranslated.hint')}>
      {t('untranslated.badge')}
    </Badge>
  );
}
