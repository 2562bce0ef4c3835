import { todayIso } from '@cairn/shared/dates';
import { SPENDING_LIMITS, type Spending } from '@cairn/shared/spendings.schemas';
import { Button, Checkbox, Group, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { LeaveConfirm } from '../../../../components/leave-confirm.tsx';
import { fieldErrorsOf } from '../../../../lib/api-errors.ts';
import { useCreateSpending, useUpdateSpending } from '../../api/spending-mutations.ts';
import {
  emptySpendingForm,
  spendingBodyOf,
  spendingFormSchema,
  spendingFormValuesOf,
  type SpendingFormValues,
} from './spending-form-model.ts';

const validate = schemaResolver(spendingFormSchema, { sync: true });

export interface SpendingFormProps {
  planId: number;
  /** The line item being edited; none for 'New Line Item'. */
  line?: Spending;
  onSaved: () => void;
  onCancel: () => void;
}

/** Spec §5 Spending: the New Line Item and edit form. A failed save keeps everything typed. */
export function SpendingForm({ planId, line, onSaved, onCancel }: SpendingFormProps) {
  const { t } = useTranslation('plan-records');
  const create = useCreateSpending(planId);
  const update = useUpdateSpending(planId);
  const form = useForm<SpendingFormValues>({
    mode: 'controlled',
    initialValues: line ? spendingFormValuesOf(line) : emptySpendingForm(),
    validate,
  });

  const submit = form.onSubmit(async (values) => {
    const body = spendingBodyOf(planId, values);
    try {
      if (line) await update.mutateAsync({ id: line.spending_id, body });
      else await create.mutateAsync(body);
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      return;
    }
    form.resetDirty();
    onSaved();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={720}>
        <Title order={2} size="h3">
          {line ? t('spendings.form.editTitle') : t('spendings.form.newTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="date"
            label={t('spendings.fields.date')}
            withAsterisk
            max={todayIso()}
            {...form.getInputProps('date')}
          />
          <TextInput
            label={t('spendings.fields.value')}
            description={t('spendings.fields.valueHint')}
            inputMode="decimal"
            leftSection="$"
            autoComplete="off"
            {...form.getInputProps('value')}
          />
        </SimpleGrid>
        <TextInput
          label={t('spendings.fields.item')}
          withAsterisk
          maxLength={SPENDING_LIMITS.itemMax}
          autoComplete="off"
          {...form.getInputProps('item')}
        />
        <Checkbox
          label={t('spendings.fields.workGear')}
          {...form.getInputProps('work_gear', { type: 'checkbox' })}
        />
        <Textarea
          label={t('spendings.fields.description')}
          maxLength={SPENDING_LIMITS.descriptionMax}
          autosize
          minRows={3}
          maxRows={10}
          description={t('counter', {
            count: form.values.description.length,
            max: SPENDING_LIMITS.descriptionMax,
          })}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('description')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={form.submitting}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
      <LeaveConfirm
        when={form.isDirty() && !form.submitting}
        title={t('spendings.leave.title')}
        message={t('spendings.leave.message')}
      />
    </form>
  );
}
