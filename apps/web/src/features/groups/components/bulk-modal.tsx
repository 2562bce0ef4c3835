import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsSmallScreen } from '../../../lib/breakpoints.ts';
import { useGroupPlanCheck } from '../api/group-queries.ts';
import { MissingPlansNotice } from './missing-plans-notice.tsx';

export interface BulkModalProps {
  opened: boolean;
  groupId: number;
  groupName: string;
  title: string;
  /** Something chosen to record: Save waits for it. */
  ready: boolean;
  saving: boolean;
  /** The save was refused because a member lacks an open plan: name them (from the fresh plan check). */
  refused: boolean;
  onClose: () => void;
  onSave: () => void;
  children: ReactNode;
}

/**
 * The frame of the group supports and trainings dialogs: for whom, the editor, the members a
 * refused save missed, and Cancel and Save. Full screen on a phone, where the columns stack.
 */
export function BulkModal({
  opened,
  groupId,
  groupName,
  title,
  ready,
  saving,
  refused,
  onClose,
  onSave,
  children,
}: BulkModalProps) {
  const { t } = useTranslation('groups');
  const small = useIsSmallScreen();
  const check = useGroupPlanCheck(groupId, opened && refused);
  const missing = refused ? (check.data?.clientsMissingOpenPlan ?? []) : [];

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="80rem"
      fullScreen={small}
      closeButtonProps={{ 'aria-label': t('bulk.close') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (ready && !saving) onSave();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('bulk.forGroup', { name: groupName })}
          </Text>
          {missing.length > 0 && <MissingPlansNotice clients={missing} />}
          {children}
          <Group justify="flex-end" gap="sm">
            {!ready && (
              <Text size="sm" c="dimmed">
                {t('bulk.nothingChosen')}
              </Text>
            )}
            <Button variant="default" onClick={onClose} disabled={saving}>
              {t('bulk.cancel')}
            </Button>
            <Button type="submit" disabled={!ready} loading={saving}>
              {t('bulk.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
