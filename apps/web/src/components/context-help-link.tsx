import { ActionIcon, Tooltip } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * A small question mark beside a screen's title, opening the help article about that screen
 * (`article`: its category and page, as in /help/{category}/{page}).
 */
export function ContextHelpLink({ article }: { article: `${string}/${string}` }) {
  const { t } = useTranslation('common');
  const label = t('contextHelp');
  return (
    <Tooltip label={label}>
      <ActionIcon component={Link} to={`/help/${article}`} variant="subtle" size="lg" aria-label={label}>
        <IconHelpCircle size={20} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
