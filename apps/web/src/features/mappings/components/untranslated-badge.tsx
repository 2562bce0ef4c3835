import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Marks an item without a French name (issue 34): the screens show its English one meanwhile. */
export function UntranslatedBadge() {
  const { t } = useTranslation('mappings');
  return (
    // Filled blue 9: white text at 6.4:1, above WCAG AA's 4.5:1 on a striped row too.
    <Badge variant="filled" color="blue.9" size="sm" title={t('untranslated.hint')}>
      {t('untranslated.badge')}
    </Badge>
  );
}
