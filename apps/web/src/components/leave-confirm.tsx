import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

export interface LeaveConfirmProps {
  /** Block navigation while this is true (typically: the form has unsaved changes). */
  when: boolean;
  title: ReactNode;
  message: ReactNode;
}

/**
 * Spec §2 leave confirmation: while `when` holds, leaving the route asks first.
 * Navigation inside the same path (query string changes) is not blocked.
 */
export function LeaveConfirm({ when, title, message }: LeaveConfirmProps) {
  const { t } = useTranslation('dialogs');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  const opened = blocker.state === 'blocked';
  const stay = () => blocker.reset?.();
  const leave = () => blocker.proceed?.();

  return (
    <Modal opened={opened} onClose={stay} title={title} centered withCloseButton={false}>
      <Stack gap="md">
        {typeof message === 'string' ? <Text>{message}</Text> : message}
        <Group justify="flex-end">
          <Button variant="default" onClick={stay} data-autofocus>
            {t('leave.stay')}
          </Button>
          <Button color="red.8" onClick={leave}>
            {t('leave.leave')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
