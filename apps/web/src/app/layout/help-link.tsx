import { ActionIcon, Tooltip } from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function HelpLink() {
  const { t } = useTranslation('layout');
  return (
    <Tooltip label={t('help')}>
      <ActionIcon component={Link} to="/help" variant="subtle" color="dark" size="lg" aria-label={t('help')}>
        <IconHelp size={22} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
