import type { Plan } from '@cairn/shared/plans.schemas';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../../lib/use-formats.ts';
import { DeleteModal } from '../../../../components/delete-modal.tsx';
import { EditDeleteActions } from '../../../../components/edit-delete-actions.tsx';
import { useDeletePlan } from '../../api/plan-mutations.ts';
import { PlanInfoForm } from './plan-info-form.tsx';
import { PlanInfoView } from './plan-info-view.tsx';

export interface PlanInfoTabProps {
  plan: Plan;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
  onDirtyChange: (dirty: boolean) => void;
}

/** Spec §2 Plan profile, Plan Info tab: view with Edit and Delete, or the edit form. */
export function PlanInfoTab({ plan, editing, onEditingChange, onDirtyChange }: PlanInfoTabProps) {
  const { t } = useTranslation('plans');
  const fmt = useFormats();
  const remove = useDeletePlan(plan);
  const [deleting, deleteModal] = useDisclosure(false);

  if (editing) {
    return <PlanInfoForm plan={plan} onDone={() => onEditingChange(false)} onDirtyChange={onDirtyChange} />;
  }

  return (
    <>
      <EditDeleteActions
        justify="flex-end"
        mb="md"
        onEdit={() => onEditingChange(true)}
        onDelete={deleteModal.open}
      />
      <PlanInfoView plan={plan} />
      <DeleteModal
        opened={deleting}
        onClose={deleteModal.close}
        onConfirm={() => remove.mutate(undefined, { onError: deleteModal.close })}
        title={t('profile.delete.title')}
        message={t('profile.delete.message', { date: fmt.longDate(plan.date) })}
        // Everything recorded on the plan goes with it: the user types DELETE first.
        hardConfirm
        loading={remove.isPending}
      />
    </>
  );
}
