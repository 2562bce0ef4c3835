import { todayIso } from '@cairn/shared/dates';
import {
  INCOMPLETE_REASONS,
  OUTCOME_EMPLOYMENT_TYPES,
  POST_PROGRAM_STATUSES,
  PROGRAM_OUTCOMES,
  YES_NO,
} from '@cairn/shared/enums';
import { OUTCOME_LIMITS, outcomeBodySchema, type Outcome } from '@cairn/shared/outcomes.schemas';
import type { Plan } from '@cairn/shared/plans.schemas';
import { Alert, Group, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../../components/form-actions.tsx';
import { FormSelect } from '../../../../components/form-select.tsx';
import { LeaveConfirm } from '../../../../components/leave-confirm.tsx';
import { errorMessage } from '../../../../lib/api-errors.ts';
import { schemaValidator } from '../../../../lib/schema-validator.ts';
import { useSaveForm } from '../../../../lib/use-save-form.ts';
import { isConflict, useSaveOutcome } from '../../api/outcome-mutations.ts';
import {
  emptyOutcomeForm,
  outcomeBodyOf,
  outcomeFormValuesOf,
  outcomeQuestionsOf,
  type OutcomeFormValues,
} from './outcome-form-model.ts';
import { useOutcomeChoices } from './use-outcome-choices.ts';

const validate = schemaValidator(outcomeBodySchema);

export interface OutcomeFormProps {
  plan: Plan;
  /** The outcome being edited; none for 'Add Outcome'. */
  outcome?: Outcome;
  /** After a save: back to the outcome. */
  onSaved: () => void;
  onCancel: () => void;
  /** Whether there are unsaved changes, so leaving the form can ask first. */
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * Spec §4 and §5 Outcome: the conditional questions appear as the answers call for them; an
 * answer hidden again is kept while typing but not saved. Spec §8: a failed save shows no
 * toast; the form keeps everything and says why here when the server refused a rule.
 */
export function OutcomeForm({ plan, outcome, onSaved, onCancel, onDirtyChange }: OutcomeFormProps) {
  const { t } = useTranslation('plan-records');
  const saveOutcome = useSaveOutcome(plan);
  const [conflict, setConflict] = useState<string | null>(null);
  const { form, submit } = useSaveForm<OutcomeFormValues, Outcome>({
    initialValues: outcome ? outcomeFormValuesOf(outcome) : emptyOutcomeForm(plan.plan_id),
    draft: { form: 'outcome' },
    validate,
    save: (values) => {
      const body = outcomeBodyOf(values);
      setConflict(null);
      return saveOutcome(outcome?.outcome_id, body);
    },
    onFailed: (error) => {
      if (isConflict(error)) setConflict(errorMessage(error));
    },
    onSaved: onSaved,
    onDirtyChange,
  });
  const asks = outcomeQuestionsOf(form.values);
  const programOutcomes = useOutcomeChoices('program_outcome', PROGRAM_OUTCOMES);
  const reasons = useOutcomeChoices('incomplete_reason', INCOMPLETE_REASONS);
  const statuses = useOutcomeChoices('post_program_status', POST_PROGRAM_STATUSES);
  const employmentTypes = useOutcomeChoices('employment_type', OUTCOME_EMPLOYMENT_TYPES);
  const yesNo = useOutcomeChoices('received_certificate', YES_NO);

  const choose = t('outcome.placeholders.choose');
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={720}>
        <Title order={2} size="h3">
          {outcome ? t('outcome.form.editTitle') : t('outcome.form.newTitle')}
        </Title>
        {!outcome && <Text c="dimmed">{t('outcome.form.closesPlan')}</Text>}
        <TextInput
          type="date"
          label={t('outcome.fields.date')}
          withAsterisk
          max={todayIso()}
          maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
          {...form.getInputProps('date')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormSelect
            label={t('outcome.fields.program_outcome')}
            placeholder={choose}
            withAsterisk
            options={programOutcomes}
            {...form.getInputProps('program_outcome')}
          />
          {asks.incompleteReason && (
            <FormSelect
              label={t('outcome.fields.incomplete_reason')}
              placeholder={choose}
              withAsterisk
              options={reasons}
              {...form.getInputProps('incomplete_reason')}
            />
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormSelect
            label={t('outcome.fields.post_program_status')}
            placeholder={choose}
            withAsterisk
            options={statuses}
            {...form.getInputProps('post_program_status')}
          />
          {asks.employmentDetails && (
            <FormSelect
              label={t('outcome.fields.employment_type')}
              placeholder={choose}
              withAsterisk
              options={employmentTypes}
              {...form.getInputProps('employment_type')}
            />
          )}
        </SimpleGrid>
        {asks.employmentDetails && (
          <TextInput
            label={t('outcome.fields.job_title')}
            maxLength={OUTCOME_LIMITS.jobTitleMax}
            autoComplete="off"
            {...form.getInputProps('job_title')}
          />
        )}
        <Radio.Group
          label={t('outcome.fields.received_certificate')}
          withAsterisk
          {...form.getInputProps('received_certificate')}
        >
          <Group mt="xs">
            {yesNo.map((choice) => (
              <Radio key={choice.value} value={choice.value} label={choice.label} />
            ))}
          </Group>
        </Radio.Group>
        {conflict && (
          <Alert color="red" variant="light" role="alert">
            {conflict}
          </Alert>
        )}
        <FormActions submitting={form.submitting} onCancel={onCancel} />
      </Stack>
      <LeaveConfirm
        when={form.isDirty() && !form.submitting}
        title={t('outcome.leave.title')}
        message={t('outcome.leave.message')}
      />
    </form>
  );
}
