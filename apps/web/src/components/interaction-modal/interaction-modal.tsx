import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDiscardGuard } from '../../lib/use-discard-guard.ts';
import { GuardedModal } from '../guarded-modal.tsx';
import { InteractionForm } from './interaction-form.tsx';

export interface InteractionModalProps {
  opened: boolean;
  onClose: () => void;
  /** Fixed to one client: no client is asked for. */
  clientId?: number;
  /** Fixed to one group: the interactions are recorded for each member. */
  groupId?: number;
  /** Whom the fixed client or group is, shown under the title. */
  subjectName?: string;
}

/**
 * Spec §2 Client interaction modal, for one client, one group, or any client chosen in it.
 * The form is mounted afresh on each opening, so a new opening starts from today and zeros.
 * Leaving it with something typed (Escape, a click outside, Cancel) asks 'Discard changes?' first.
 */
export function InteractionModal({ opened, onClose, clientId, groupId, subjectName }: InteractionModalProps) {
  const { t } = useTranslation(['interactions', 'dialogs']);
  const guard = useDiscardGuard();
  const close = () => {
    guard.onDirtyChange(false);
    onClose();
  };
  const requestClose = () => guard.leave(close);
  return (
    <GuardedModal
      opened={opened}
      onClose={requestClose}
      discard={guard.discard}
      title={groupId != null ? t('groupTitle') : t('title')}
      centered
      closeButtonProps={{ 'aria-label': t('dialogs:close') }}
    >
      {subjectName && (
        <Text size="sm" c="dimmed" mb="md">
          {t('forSubject', { name: subjectName })}
        </Text>
      )}
      <InteractionForm
        clientId={clientId}
        groupId={groupId}
        onCancel={requestClose}
        onRecorded={close}
        onDirtyChange={guard.onDirtyChange}
      />
    </GuardedModal>
  );
}
