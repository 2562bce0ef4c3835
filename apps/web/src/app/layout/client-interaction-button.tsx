import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMessagePlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { InteractionModal } from '../../components/interaction-modal/interaction-modal.tsx';
import { useIsSmallScreen } from '../../lib/breakpoints.ts';

/**
 * Spec §1 Client Interaction: records interactions without choosing a client first. Large screens
 * get the modal over the current page; small screens go to the /interaction page instead.
 */
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
  const small = useIsSmallScreen();
  const [opened, modal] = useDisclosure(false);
  const open = () => {
    if (small) void navigate('/interaction');
    else modal.open();
    onOpen?.();
  };
  const trigger = compact ? (
    <Tooltip label={t('clientInteraction')}>
      <ActionIcon
        size="lg"
        onClick={open}
        aria-label={t('clientInteraction')}
        aria-haspopup={small ? undefined : 'dialog'}
      >
        <IconMessagePlus size={20} aria-hidden />
      </ActionIcon>
    </Tooltip>
  ) : (
    <Button
      leftSection={<IconMessagePlus size={16} aria-hidden />}
      fullWidth={fullWidth}
      onClick={open}
      aria-haspopup={small ? undefined : 'dialog'}
    >
      {t('clientInteraction')}
    </Button>
  );
  return (
    <>
      {trigger}
      {!small && <InteractionModal opened={opened} onClose={modal.close} />}
    </>
  );
}
