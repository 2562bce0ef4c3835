import type { User } from '@cairn/shared/users.schemas';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface UserStatusModalProps {
  user: User;
  opened: boolean;
  onClose: () => void;
  /** Deactivates an active user, reactivates an inactive one. */
  onConfirm: () => void;
  loading: boolean;
}

/** The question before an Admin deactivates or reactivates a user. */
export function UserStatusModal({ user, opened, onClose, onConfirm, loading }: UserStatusModalProps) {
  const { t } = useTranslation('users');
  const words = user.active ? 'deactivate' : 'reactivate';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(`${words}.title`)}
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack gap="md">
        <Text>{t(`${words}.message`, { name: user.full_name })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {t(`${words}.cancel`)}
          </Button>
          <Button
            color={user.active ? 'red.8' : undefined}
            loading={loading}
            onClick={onConfirm}
            data-autofocus
          >
            {t(`${words}.confirm`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
