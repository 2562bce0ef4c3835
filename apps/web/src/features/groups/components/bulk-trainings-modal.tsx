import type { Group } from '@cairn/shared/groups.schemas';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trainingBody, type TrainingEntry } from '../../../components/plan-items/plan-item-entries.ts';
import { TrainingsEditor } from '../../../components/plan-items/trainings-editor.tsx';
import { useTrainingCatalogue } from '../../../lib/catalogue-queries.ts';
import { useBulkTrainings } from '../api/group-bulk-mutations.ts';
import { BulkModal } from './bulk-modal.tsx';
import { useBulkDraft } from './use-bulk-draft.ts';

export interface BulkTrainingsModalProps {
  group: Group;
  opened: boolean;
  onClose: () => void;
}

/**
 * Spec §2 group trainings modal: 'Plan Trainings' and 'Add Trainings'; dropping a training opens
 * the training dialog (name for 'Other' and date, then an optional NOC). Save adds them to every
 * member's open plan (POST /groups/{id}/bulk-create/training).
 */
export function BulkTrainingsModal({ group, opened, onClose }: BulkTrainingsModalProps) {
  const { t } = useTranslation('groups');
  const catalogue = useTrainingCatalogue();
  const record = useBulkTrainings(group.group_id);
  const draft = useBulkDraft<TrainingEntry>((entries) => record.mutateAsync(trainingBody(entries)), onClose);

  return (
    <BulkModal
      opened={opened}
      groupId={group.group_id}
      groupName={group.name}
      title={t('bulk.trainingsTitle')}
      ready={draft.ready}
      saving={draft.saving}
      refused={draft.refused}
      onClose={draft.close}
      onSave={draft.save}
    >
      {catalogue.data ? (
        <TrainingsEditor
          entries={draft.entries}
          onChange={draft.setEntries}
          catalogue={catalogue.data}
          headingOrder={3}
          disabled={draft.saving}
        />
      ) : (
        <Center py="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      )}
    </BulkModal>
  );
}
