import { formatLongDate } from '@cairn/shared/format';
import type { Plan } from '@cairn/shared/plans.schemas';
import { Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DeleteModal } from '../../../../components/delete-modal.tsx';
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
  const remove = useDeletePlan(plan);
  const [deleting, deleteModal] = useDisclosure(false);

  if (editing) {
    return <PlanInfoForm plan={plan} onDone={() => onEditingChange(false)} onDirtyChange={onDirtyChange} />;
  }

  return (
    <>
      <Group justify="flex-end" gap="sm" mb="md">
        <Button
          variant="default"
          leftSection={<IconPencil size={18} aria-hidden />}
          onClick={() => onEditingChange(true)}
        >
          {t('profile.actions.edit')}
        </Button>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={deleteModal.open}
          aria-haspopup="dialog"
        >
          {t('profile.actions.delete')}
        </Button>
      </Group>
      <PlanInfoView plan={plan} />
      <DeleteModal
        opened={deleting}
        onClose={deleteModal.close}
        onConfirm={() => remove.mutate(undefined, { onError: deleteModal.close })}
        title={t('profile.delete.title')}
        message={t('profile.delete.message', { date: formatLongDate(plan.date) })}
        // Everything recorded on the plan goes with it: the user types DELETE first.
        hardConfirm
        loading={remove.isPending}
      />
    </>
  );
}
