import type { Plan } from '@cairn/shared/plans.schemas';
import { Stack } from '@mantine/core';
import { FormActions } from '../../../../components/form-actions.tsx';
import { LeaveConfirm } from '../../../../components/leave-confirm.tsx';
import { useSaveForm } from '../../../../lib/use-save-form.ts';
import { useUpdatePlan } from '../../api/plan-mutations.ts';
import { PlanInfoFields } from './plan-info-fields.tsx';
import {
  planInfoBodyFrom,
  planInfoErrors,
  planInfoFormValuesFrom,
  type PlanInfoFormValues,
} from './plan-info-form-values.ts';

export interface PlanInfoFormProps {
  plan: Plan;
  /** After a save or a cancel: back to view mode. */
  onDone: () => void;
  /** Whether there are unsaved changes, so switching tabs can ask first. */
  onDirtyChange: (dirty: boolean) => void;
}

/** The Plan Info tab in edit mode: Save sends the answers (PUT /plans/{id}), Cancel drops them. */
export function PlanInfoForm({ plan, onDone, onDirtyChange }: PlanInfoFormProps) {
  const update = useUpdatePlan(plan);
  const { form, submit } = useSaveForm<PlanInfoFormValues>({
    initialValues: planInfoFormValuesFrom(plan),
    draft: { form: 'plan-info' },
    validate: planInfoErrors,
    save: (values) => update.mutateAsync(planInfoBodyFrom(values)),
    onSaved: onDone,
    onDirtyChange,
  });

  const cancel = () => {
    form.reset();
    onDirtyChange(false);
    onDone();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <PlanInfoFields form={form} />
        <FormActions submitting={form.submitting} onCancel={cancel} />
      </Stack>
      <LeaveConfirm when={form.isDirty() && !form.submitting} />
    </form>
  );
}
