import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DeleteModalProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: ReactNode;
  message: ReactNode;
  /** Ask the user to type DELETE before the button unlocks (spec §2 Generic dialogs). */
  hardConfirm?: boolean;
  loading?: boolean;
  /** The confirming button's words when the action is more than a delete (a merge); Delete otherwise. */
  confirmLabel?: string;
}

/** Spec §2 delete modal: the message, the fixed warning, and an optional typed confirmation. */
export function DeleteModal({
  opened,
  onClose,
  onConfirm,
  title,
  message,
  hardConfirm = false,
  loading = false,
  confirmLabel,
}: DeleteModalProps) {
  const { t } = useTranslation('dialogs');
  const [typed, setTyped] = useState('');
  // The typed word must not survive into the next opening, however the modal was closed.
  if (!opened && typed !== '') setTyped('');
  const confirmWord = t('delete.confirmWord');
  const unlocked = !hardConfirm || typed.trim().toLowerCase() === confirmWord.toLowerCase();

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (unlocked && !loading) onConfirm();
        }}
      >
        <Stack gap="md">
          {typeof message === 'string' ? <Text>{message}</Text> : message}
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
            {t('delete.warning')}
          </Alert>
          {hardConfirm && (
            <TextInput
              label={t('delete.typeToConfirm')}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              autoComplete="off"
              data-autofocus
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={loading}>
              {t('delete.cancel')}
            </Button>
            <Button type="submit" color="red.8" disabled={!unlocked} loading={loading}>
              {confirmLabel ?? t('delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
