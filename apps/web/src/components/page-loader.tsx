import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a screen's code loads. */
export function PageLoader() {
  const { t } = useTranslation('common');
  return (
    <Center mih="60vh" role="status">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}
