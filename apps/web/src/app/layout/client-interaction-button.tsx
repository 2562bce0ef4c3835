import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconMessagePlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Spec §1 Client Interaction: records interactions without choosing a client first. */
export function ClientInteractionButton({
  onOpen,
  fullWidth = false,
  compact = false,
}: {
  onOpen?: () => void;
  fullWidth?: boolean;
  /** Icon only, for a crowded header; the accessible name stays the same. */
  compact?: boolean;
}) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const open = () => {
    void navigate('/interaction');
    onOpen?.();
  };
  if (compact) {
    return (
      <Tooltip label={t('clientInteraction')}>
        <ActionIcon size="lg" onClick={open} aria-label={t('clientInteraction')}>
          <IconMessagePlus size={20} aria-hidden />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button leftSection={<IconMessagePlus size={16} aria-hidden />} fullWidth={fullWidth} onClick={open}>
      {t('clientInteraction')}
    </Button>
  );
}
