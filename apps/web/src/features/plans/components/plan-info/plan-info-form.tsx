import type { Plan } from '@cairn/shared/plans.schemas';
import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LeaveConfirm } from '../../../../components/leave-confirm.tsx';
import { fieldErrorsOf } from '../../../../lib/api-errors.ts';
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
  const { t } = useTranslation('plans');
  const update = useUpdatePlan(plan);
  const form = useForm<PlanInfoFormValues>({
    mode: 'controlled',
    initialValues: planInfoFormValuesFrom(plan),
    validate: planInfoErrors,
  });
  const dirty = form.isDirty();
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const submit = form.onSubmit(async (values) => {
    try {
      await update.mutateAsync(planInfoBodyFrom(values));
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      return;
    }
    form.resetDirty();
    onDirtyChange(false);
    onDone();
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
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel} disabled={form.submitting}>
            {t('profile.actions.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {t('profile.actions.save')}
          </Button>
        </Group>
      </Stack>
      <LeaveConfirm
        when={dirty && !form.submitting}
        title={t('profile.leave.title')}
        message={t('profile.leave.message')}
      />
    </form>
  );
}
