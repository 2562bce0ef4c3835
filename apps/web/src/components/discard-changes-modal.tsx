import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DiscardChangesModalProps {
  opened: boolean;
  onStay: () => void;
  onDiscard: () => void;
  /** 'Discard changes?' unless the screen names what would be lost. */
  title?: ReactNode;
  message?: ReactNode;
}

/** Spec §2 leave confirmation: asks before unsaved edits are dropped, by leaving or switching tabs. */
export function DiscardChangesModal({ opened, onStay, onDiscard, title, message }: DiscardChangesModalProps) {
  const { t } = useTranslation('dialogs');
  const shown = message ?? t('discard.message');
  return (
    <Modal
      opened={opened}
      onClose={onStay}
      title={title ?? t('discard.title')}
      centered
      withCloseButton={false}
    >
      <Stack gap="md">
        {typeof shown === 'string' ? <Text>{shown}</Text> : shown}
        <Group justify="flex-end">
          <Button variant="default" onClick={onStay} data-autofocus>
            {t('leave.stay')}
          </Button>
          <Button color="red.8" onClick={onDiscard}>
            {t('leave.leave')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
