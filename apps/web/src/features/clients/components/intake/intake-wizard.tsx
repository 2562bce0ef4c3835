import { Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LeaveConfirm } from '../../../../components/leave-confirm.tsx';
import { WizardActions } from '../../../../components/wizard-actions.tsx';
import { WizardStepper } from '../../../../components/wizard-stepper.tsx';
import { fieldErrorsOf, failureMessage } from '../../../../lib/api-errors.ts';
import { useIsSmallScreen } from '../../../../lib/breakpoints.ts';
import { notify } from '../../../../lib/notify.ts';
import { useOneSave } from '../../../../lib/use-one-save.ts';
import { useStepHeadingFocus } from '../../../../lib/use-step-heading-focus.ts';
import { useCreateClient } from '../../api/client-mutations.ts';
import { AncestryFields } from '../fields/ancestry-fields.tsx';
import { ClientFields } from '../fields/client-fields.tsx';
import {
  clientBodyFrom,
  emptyClientFormValues,
  type ClientFormValues,
} from '../fields/client-form-values.ts';
import { DemographicFields } from '../fields/demographic-fields.tsx';
import { ConsentStep } from './consent-step.tsx';
import { DuplicateAlert } from './duplicate-alert.tsx';
import { IntakeCentreField } from './intake-centre-field.tsx';
import { firstStepWith, INTAKE_STEPS, intakeStepErrors, LAST_STEP } from './intake-steps.ts';
import { useDuplicateWarning } from './use-duplicate-warning.ts';

export interface IntakeWizardProps {
  /** An Admin names the client's centre; everyone else's clients join their own centre. */
  chooseCentre: boolean;
  onCancel: () => void;
  /** The client was created: leave for its profile. */
  onCreated: (clientId: number) => void;
}

/** The four-step New Intake of spec §2: forward only when the step validates, Save at the end. */
export function IntakeWizard({ chooseCentre, onCancel, onCreated }: IntakeWizardProps) {
  const { t } = useTranslation('clients');
  const small = useIsSmallScreen();
  const form = useForm<ClientFormValues>({ mode: 'controlled', initialValues: emptyClientFormValues });
  const [active, setActive] = useState(0);
  const [saved, setSaved] = useState(false);
  const create = useCreateClient();
  const oneSave = useOneSave();
  const duplicates = useDuplicateWarning();
  const headingRef = useStepHeadingFocus(active);

  const focusField = (field: string) => {
    const node = form.getInputNode(field as keyof ClientFormValues);
    const input = node?.matches('input, textarea, button') ? node : node?.querySelector('input');
    input?.focus();
  };

  const showErrors = (step: number, errors: Record<string, unknown>) => {
    form.setErrors(errors as Parameters<typeof form.setErrors>[0]);
    setActive(step);
    const first = INTAKE_STEPS[step]!.fields.find((f) => f in errors);
    // The step's fields render on the next paint when the step changes.
    requestAnimationFrame(() => first && focusField(first));
  };

  const save = async (values: ClientFormValues) => {
    for (let step = 0; step <= LAST_STEP; step++) {
      const errors = intakeStepErrors(step, values, chooseCentre);
      if (Object.keys(errors).length > 0) return showErrors(step, errors);
    }
    try {
      const { id } = await create.mutateAsync(clientBodyFrom(values));
      notify.success(t('intake.saved'));
      setSaved(true);
      onCreated(id);
    } catch (error) {
      const errors = fieldErrorsOf(error);
      const step = firstStepWith(Object.keys(errors));
      if (step === null) notify.error(failureMessage(error));
      else showErrors(step, errors);
    }
  };

  const next = (values: ClientFormValues) => {
    const errors = intakeStepErrors(active, values, chooseCentre);
    if (Object.keys(errors).length > 0) return showErrors(active, errors);
    // A message the server gave for this step no longer stands once the step checks out.
    for (const field of INTAKE_STEPS[active]!.fields) form.clearFieldError(field as keyof ClientFormValues);
    if (active === 0) duplicates.run(values);
    setActive(active + 1);
  };

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = form.getValues();
    if (active === LAST_STEP) void oneSave.run(() => save(values));
    else next(values);
  };

  const stepName = t(`intake.steps.${INTAKE_STEPS[active]!.key}`);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <WizardStepper
          steps={INTAKE_STEPS.map((step) => ({
            key: step.key,
            label: t(`intake.steps.${step.key}`),
            description: small ? undefined : t(`intake.stepDescriptions.${step.key}`),
          }))}
          active={active}
          onBackTo={setActive}
        />
        {duplicates.matches.length > 0 && <DuplicateAlert matches={duplicates.matches} />}
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Title order={2} size="h3" mb={4} ref={headingRef} tabIndex={-1}>
            {t('intake.stepHeading', { number: active + 1, name: stepName })}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {t('intake.requiredNote')}
          </Text>
          {active === 0 && (
            <Stack gap="md">
              {chooseCentre && <IntakeCentreField form={form} />}
              <ClientFields form={form} />
            </Stack>
          )}
          {active === 1 && <DemographicFields form={form} />}
          {active === 2 && <AncestryFields form={form} />}
          {active === 3 && <ConsentStep form={form} />}
          {/* Cancel on the first step, Back on the others; Next, or Save on the last step. */}
          <WizardActions
            last={active === LAST_STEP}
            saving={oneSave.saving}
            onBack={active === 0 ? undefined : () => setActive(active - 1)}
            onCancel={active === 0 ? onCancel : undefined}
          />
        </Paper>
      </Stack>
      <LeaveConfirm
        when={form.isDirty() && !saved}
        title={t('intake.leave.title')}
        message={t('intake.leave.message')}
      />
    </form>
  );
}
