import { todayIso } from '@cairn/shared/dates';
import { FOLLOW_UP_HOURS, OUTCOME_EMPLOYMENT_TYPES, POST_PROGRAM_STATUSES } from '@cairn/shared/enums';
import { FOLLOW_UP_LIMITS, followUpBodySchema, type FollowUp } from '@cairn/shared/follow-ups.schemas';
import { PLAN_ITEM_LIMITS } from '@cairn/shared/plans.schemas';
import { Group, Paper, Radio, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../../components/form-actions.tsx';
import { FormSelect } from '../../../../components/form-select.tsx';
import { LeaveConfirm } from '../../../../components/leave-confirm.tsx';
import { useChoiceOptions } from '../../../../lib/choice-options.ts';
import { schemaValidator } from '../../../../lib/schema-validator.ts';
import { useSaveForm } from '../../../../lib/use-save-form.ts';
import { useRecordFollowUp } from '../../api/follow-up-queries.ts';
import { useOutcomeChoices } from '../outcome/use-outcome-choices.ts';
import {
  followUpBodyOf,
  followUpFormValuesOf,
  followUpInputOf,
  followUpQuestionsOf,
  type FollowUpFormValues,
} from './follow-up-form-model.ts';

const validateBody = schemaValidator(followUpBodySchema);
const validate = (values: FollowUpFormValues) => validateBody(followUpInputOf(values));

export interface FollowUpFormProps {
  followUp: FollowUp;
  onSaved: () => void;
  onCancel: () => void;
  /** Whether there are unsaved changes, so leaving the form can ask first. */
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * Records a follow-up: the contact date and whether the person was reached; when reached, their
 * situation, the employment type and job title only when employed (as the outcome asks them). An
 * answer hidden again is kept while typing but not saved.
 */
export function FollowUpForm({ followUp, onSaved, onCancel, onDirtyChange }: FollowUpFormProps) {
  const { t } = useTranslation('plan-records');
  const record = useRecordFollowUp(followUp.plan_id);
  const { form, submit } = useSaveForm<FollowUpFormValues, FollowUp>({
    initialValues: followUpFormValuesOf(followUp),
    draft: { form: 'follow-up', record: followUp.follow_up_id },
    validate,
    save: (values) => record(followUp.follow_up_id, followUpBodyOf(values)),
    onSaved,
    onDirtyChange,
  });
  const asks = followUpQuestionsOf(form.values);
  const statuses = useOutcomeChoices('post_program_status', POST_PROGRAM_STATUSES);
  const employmentTypes = useOutcomeChoices('employment_type', OUTCOME_EMPLOYMENT_TYPES);
  const hours = useChoiceOptions('plan-records', 'followUps.options.hours', FOLLOW_UP_HOURS);
  const choose = t('outcome.placeholders.choose');

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={3} size="h4">
            {t('followUps.form.title', { month: followUp.month })}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="date"
              label={t('followUps.fields.contact_date')}
              withAsterisk
              max={todayIso()}
              {...form.getInputProps('contact_date')}
            />
            <Radio.Group
              label={t('followUps.fields.reached')}
              withAsterisk
              {...form.getInputProps('reached')}
            >
              <Group mt="xs">
                <Radio value="yes" label={t('followUps.reachedOptions.yes')} />
                <Radio value="no" label={t('followUps.reachedOptions.no')} />
              </Group>
            </Radio.Group>
          </SimpleGrid>
          {asks.reached && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <FormSelect
                label={t('followUps.fields.post_program_status')}
                placeholder={choose}
                withAsterisk
                options={statuses}
                {...form.getInputProps('post_program_status')}
              />
              <FormSelect
                label={t('followUps.fields.hours')}
                placeholder={choose}
                options={hours}
                {...form.getInputProps('hours')}
              />
              {asks.employmentDetails && (
                <FormSelect
                  label={t('followUps.fields.employment_type')}
                  placeholder={choose}
                  withAsterisk
                  options={employmentTypes}
                  {...form.getInputProps('employment_type')}
                />
              )}
              {asks.employmentDetails && (
                <TextInput
                  label={t('followUps.fields.job_title')}
                  maxLength={FOLLOW_UP_LIMITS.jobTitleMax}
                  autoComplete="off"
                  {...form.getInputProps('job_title')}
                />
              )}
              <TextInput
                label={t('followUps.fields.noc')}
                description={t('followUps.nocHint')}
                inputMode="numeric"
                maxLength={PLAN_ITEM_LIMITS.nocLength}
                autoComplete="off"
                {...form.getInputProps('noc')}
              />
            </SimpleGrid>
          )}
          <Textarea
            label={t('followUps.fields.note')}
            autosize
            minRows={3}
            maxLength={FOLLOW_UP_LIMITS.noteMax}
            {...form.getInputProps('note')}
          />
          <FormActions submitting={form.submitting} onCancel={onCancel} />
        </Stack>
        <LeaveConfirm
          when={form.isDirty() && !form.submitting}
          title={t('followUps.leave.title')}
          message={t('followUps.leave.message')}
        />
      </form>
    </Paper>
  );
}
