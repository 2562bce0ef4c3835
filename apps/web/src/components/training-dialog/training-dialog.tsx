import { todayIso } from '@cairn/shared/dates';
import type { Training } from '@cairn/shared/catalogue.schemas';
import { PLAN_ITEM_LIMITS } from '@cairn/shared/plans.schemas';
import { Anchor, Button, Group, Modal, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nameIn } from '../../lib/catalogue-names.ts';
import {
  trainingAnswersOf,
  trainingStepErrors,
  type TrainingDialogErrors,
  type TrainingDialogValues,
} from './training-dialog-model.ts';

/** The public list of National Occupational Classification codes (spec §2 training dialog). */
const NOC_LIST_URL = 'https://noc.esdc.gc.ca';

export interface TrainingDialogProps {
  /** The catalogue training being added; null while the dialog is closed. */
  training: Training | null;
  onCancel: () => void;
  onAdd: (answers: ReturnType<typeof trainingAnswersOf>) => void;
}

const blank = (): TrainingDialogValues => ({ other_name: '', date: todayIso(), noc: '' });

/**
 * Spec §2 and §5 training dialog: step 1 the name (only for 'Other') and the date, not in the
 * future; step 2 an optional NOC code (4 or 5 digits), with a link to the list of codes.
 */
export function TrainingDialog({ training, onCancel, onAdd }: TrainingDialogProps) {
  const { t } = useTranslation('plan-items');
  const [step, setStep] = useState<0 | 1>(0);
  const [values, setValues] = useState<TrainingDialogValues>(blank);
  const [errors, setErrors] = useState<TrainingDialogErrors>({});
  const [openedFor, setOpenedFor] = useState<Training | null>(null);
  // Each opening starts afresh at step 1.
  if (training !== openedFor) {
    setOpenedFor(training);
    setStep(0);
    setValues(blank());
    setErrors({});
  }
  const isOther = training?.is_other ?? false;

  const set = (field: keyof TrainingDialogValues) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const found = trainingStepErrors(step, values, isOther);
    if (Object.keys(found).length > 0) return setErrors(found);
    if (step === 0) return setStep(1);
    onAdd(trainingAnswersOf(values, isOther));
  };

  return (
    <Modal
      opened={training !== null}
      onClose={onCancel}
      title={t('training.title')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('training.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fw={600}>{training && nameIn(training)}</Text>
          <Stepper active={step} size="xs" allowNextStepsSelect={false}>
            <Stepper.Step label={t('training.steps.details')} />
            <Stepper.Step label={t('training.steps.noc')} />
          </Stepper>
          {step === 0 ? (
            <>
              {isOther && (
                <TextInput
                  label={t('training.name')}
                  withAsterisk
                  maxLength={PLAN_ITEM_LIMITS.otherNameMax}
                  value={values.other_name}
                  onChange={set('other_name')}
                  error={errors.other_name}
                  autoComplete="off"
                  data-autofocus
                />
              )}
              <TextInput
                label={t('training.date')}
                type="date"
                withAsterisk
                max={todayIso()}
                value={values.date}
                onChange={set('date')}
                error={errors.date}
                data-autofocus={!isOther || undefined}
              />
            </>
          ) : (
            <>
              <TextInput
                label={t('training.noc')}
                description={t('training.nocHint')}
                inputMode="numeric"
                maxLength={PLAN_ITEM_LIMITS.nocLength}
                value={values.noc}
                onChange={set('noc')}
                error={errors.noc}
                autoComplete="off"
                data-autofocus
              />
              <Anchor href={NOC_LIST_URL} target="_blank" rel="noopener noreferrer" size="sm">
                <Group gap={4} component="span" wrap="nowrap">
                  {t('training.nocLink')}
                  <IconExternalLink size={14} aria-label={t('training.newWindow')} />
                </Group>
              </Anchor>
            </>
          )}
          <Group justify="space-between">
            {step === 0 ? (
              <Button variant="default" onClick={onCancel}>
                {t('training.cancel')}
              </Button>
            ) : (
              <Button variant="default" onClick={() => setStep(0)}>
                {t('training.back')}
              </Button>
            )}
            <Button type="submit">{step === 0 ? t('training.next') : t('training.add')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
