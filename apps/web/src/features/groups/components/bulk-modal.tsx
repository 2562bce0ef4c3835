import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedModal, type GuardedModalProps } from '../../../components/guarded-modal.tsx';
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
  /** The save skips the members without an open plan: name them (from the fresh plan check). */
  skip: boolean;
  /** Every way out but a save (Escape, a click outside, the close button, Cancel). */
  onClose: () => void;
  onSave: () => void;
  /** The question asked before chosen items are dropped. */
  discard: GuardedModalProps['discard'];
  children: ReactNode;
}

/**
 * The frame of the group supports and trainings dialogs: for whom, the editor, the members the
 * save skips for want of an open plan, and Cancel and Save. Full screen on a phone, where the
 * columns stack. Leaving with items chosen asks 'Discard changes?' first.
 */
export function BulkModal({
  opened,
  groupId,
  groupName,
  title,
  ready,
  saving,
  skip,
  onClose,
  onSave,
  discard,
  children,
}: BulkModalProps) {
  const { t } = useTranslation('groups');
  const small = useIsSmallScreen();
  const check = useGroupPlanCheck(groupId, opened && skip);
  const missing = skip ? (check.data?.clientsMissingOpenPlan ?? []) : [];

  return (
    <GuardedModal
      opened={opened}
      onClose={onClose}
      discard={discard}
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
          {missing.length > 0 && <MissingPlansNotice clients={missing} note={t('bulk.skipNote')} />}
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
    </GuardedModal>
  );
}
