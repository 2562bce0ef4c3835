import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface DisableModalProps {
  opened: boolean;
  name: string;
  loading: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** Spec §4: disabling an item asks first. */
export function DisableModal({ opened, name, loading, onClose, onConfirm }: DisableModalProps) {
  const { t } = useTranslation('mappings');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('confirmDisable.title', { name })}
      centered
      closeButtonProps={{ 'aria-label': t('dialogs:close') }}
    >
      <Stack gap="md">
        <Text>{t('confirmDisable.message')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading} data-autofocus>
            {t('confirmDisable.cancel')}
          </Button>
          <Button color="red.8" onClick={onConfirm} loading={loading}>
            {t('confirmDisable.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
