import { useTranslation } from 'react-i18next';
import { trainingBody, type TrainingEntry } from '../../../components/plan-items/plan-item-entries.ts';
import { TrainingsEditor } from '../../../components/plan-items/trainings-editor.tsx';
import { useTrainingCatalogue } from '../../../lib/catalogue-queries.ts';
import { useBulkTrainings } from '../api/group-bulk-mutations.ts';
import { BulkCatalogueModal, type BulkModalProps } from './bulk-catalogue-modal.tsx';

/**
 * Spec §2 group trainings modal: 'Plan Trainings' and 'Add Trainings'; dropping a training opens
 * the training dialog (name for 'Other' and date, then an optional NOC). Save adds them to every
 * member's open plan (POST /groups/{id}/bulk-create/training).
 */
export function BulkTrainingsModal(props: BulkModalProps) {
  const { t } = useTranslation('groups');
  const catalogue = useTrainingCatalogue();
  const record = useBulkTrainings(props.group.group_id);
  return (
    <BulkCatalogueModal
      {...props}
      title={t('bulk.trainingsTitle')}
      catalogue={catalogue.data}
      send={(entries: TrainingEntry[], skip: boolean) =>
        record.mutateAsync({ body: trainingBody(entries), skip })
      }
      editor={(editor) => <TrainingsEditor {...editor} />}
    />
  );
}
