import { todayIso } from '@cairn/shared/dates';
import { SPENDING_LIMITS, type Spending } from '@cairn/shared/spendings.schemas';
import { Checkbox, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CountedTextarea } from '../../../../components/counted-textarea.tsx';
import { FormActions } from '../../../../components/form-actions.tsx';
import { LeaveConfirm } from '../../../../components/leave-confirm.tsx';
import { currentLanguage } from '../../../../lib/language.ts';
import { schemaValidator } from '../../../../lib/schema-validator.ts';
import { useSaveForm } from '../../../../lib/use-save-form.ts';
import { useSaveSpending } from '../../api/spending-mutations.ts';
import {
  emptySpendingForm,
  spendingBodyOf,
  spendingFormSchemaIn,
  spendingFormValuesOf,
  type SpendingFormValues,
} from './spending-form-model.ts';

export interface SpendingFormProps {
  planId: number;
  /** The line item being edited; none for 'New Line Item'. */
  line?: Spending;
  onSaved: () => void;
  onCancel: () => void;
  /** Whether there are unsaved changes, so leaving the form can ask first. */
  onDirtyChange: (dirty: boolean) => void;
}

/** Spec §5 Spending: the New Line Item and edit form. A failed save keeps everything typed. */
export function SpendingForm({ planId, line, onSaved, onCancel, onDirtyChange }: SpendingFormProps) {
  const { t } = useTranslation('plan-records');
  // The value is typed the language's way ('125,50' in French): read and shown in it.
  const locale = currentLanguage();
  const validate = useMemo(() => schemaValidator(spendingFormSchemaIn(locale)), [locale]);
  const saveLine = useSaveSpending(planId);
  const { form, submit } = useSaveForm<SpendingFormValues, Spending>({
    initialValues: line ? spendingFormValuesOf(line, locale) : emptySpendingForm(),
    draft: { form: 'spending', record: line?.spending_id },
    validate,
    save: (values) => saveLine(line?.spending_id, spendingBodyOf(planId, values, locale)),
    onSaved: onSaved,
    onDirtyChange,
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
        <CountedTextarea
          label={t('spendings.fields.description')}
          maxLength={SPENDING_LIMITS.descriptionMax}
          minRows={3}
          maxRows={10}
          {...form.getInputProps('description')}
        />
        <FormActions submitting={form.submitting} onCancel={onCancel} />
      </Stack>
      <LeaveConfirm
        when={form.isDirty() && !form.submitting}
        title={t('spendings.leave.title')}
        message={t('spendings.leave.message')}
      />
    </form>
  );
}
