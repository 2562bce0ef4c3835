import { Tooltip } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The red mark beside a required answer that is missing (spec §2 Client and Plan profile, view mode). */
export function MissingAnswerIcon() {
  const { t } = useTranslation();
  const message = t('profile.missingAnswer');
  return (
    <Tooltip label={message} withArrow events={{ hover: true, focus: true, touch: true }}>
      <span tabIndex={0} role="img" aria-label={message} style={{ display: 'inline-flex' }}>
        <IconAlertCircle size={18} color="var(--mantine-color-red-7)" aria-hidden />
      </span>
    </Tooltip>
  );
}
