import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Asks before unsaved edits are dropped by switching tabs; the buttons of spec §2 leave confirmation. */
export function DiscardChangesModal({
  opened,
  onStay,
  onDiscard,
}: {
  opened: boolean;
  onStay: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation(['plans', 'dialogs']);
  return (
    <Modal opened={opened} onClose={onStay} title={t('profile.leave.title')} centered withCloseButton={false}>
      <Stack gap="md">
        <Text>{t('profile.leave.message')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onStay} data-autofocus>
            {t('dialogs:leave.stay')}
          </Button>
          <Button color="red.8" onClick={onDiscard}>
            {t('dialogs:leave.leave')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
