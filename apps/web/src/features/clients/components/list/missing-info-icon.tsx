import { Tooltip } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Spec §2: the red mark of a client missing required information, explained by its tooltip. */
export function MissingInfoIcon() {
  const { t } = useTranslation('clients');
  const message = t('list.missingTooltip');
  return (
    <Tooltip label={message} withArrow events={{ hover: true, focus: true, touch: true }}>
      <span tabIndex={0} role="img" aria-label={message} style={{ display: 'inline-flex' }}>
        <IconAlertCircle size={20} color="var(--mantine-color-red-7)" aria-hidden />
      </span>
    </Tooltip>
  );
}
