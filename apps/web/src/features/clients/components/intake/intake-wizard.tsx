import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LeaveConfirm } from '../../../../components/leave-confirm.tsx';
import { WizardActions } from '../../../../components/wizard-actions.tsx';
import { WizardStepper } from '../../../../components/wizard-stepper.tsx';
import { failureMessage } from '../../../../lib/api-errors.ts';
import { useIsSmallScreen } from '../../../../lib/breakpoints.ts';
import { notify } from '../../../../lib/notify.ts';
import { useWizardForm } from '../../../../lib/use-wizard-form.ts';
import { useCreateClient } from '../../api/client-mutations.ts';
import { AncestryFields } from '../fields/ancestry-fields.tsx';
import { ClientFields } from '../fields/client-fields.tsx';
import { clientBodyFrom, emptyClientFormValues } from '../fields/client-form-values.ts';
import { DemographicFields } from '../fields/demographic-fields.tsx';
import { ConsentStep } from './consent-step.tsx';
import { DuplicateAlert } from './duplicate-alert.tsx';
import { IntakeCentreField } from './intake-centre-field.tsx';
import { IntakeWorkerField } from './intake-worker-field.tsx';
import { INTAKE_STEPS, intakeStepErrors } from './intake-steps.ts';
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
  const create = useCreateClient();
  const duplicates = useDuplicateWarning();
  const wizard = useWizardForm({
    initialValues: emptyClientFormValues,
    draft: { form: 'intake' },
    steps: INTAKE_STEPS,
    checkStep: (step, values) => intakeStepErrors(step, values, chooseCentre),
    save: (values) => create.mutateAsync(clientBodyFrom(values)),
    onSaved: ({ id }) => {
      notify.success(t('intake.saved'));
      onCreated(id);
    },
    onFailed: (error) => notify.error(failureMessage(error)),
    onStepDone: (step, values) => {
      if (step === 0) duplicates.run(values);
    },
  });
  const { form, active } = wizard;
  const stepName = t(`intake.steps.${INTAKE_STEPS[active]!.key}`);

  return (
    <form onSubmit={wizard.submit} noValidate>
      <Stack gap="lg">
        <WizardStepper
          steps={INTAKE_STEPS.map((step) => ({
            key: step.key,
            label: t(`intake.steps.${step.key}`),
            description: small ? undefined : t(`intake.stepDescriptions.${step.key}`),
          }))}
          active={active}
          onBackTo={wizard.backTo}
        />
        {duplicates.matches.length > 0 && <DuplicateAlert matches={duplicates.matches} />}
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Title order={2} size="h3" mb={4} ref={wizard.headingRef} tabIndex={-1}>
            {t('intake.stepHeading', { number: active + 1, name: stepName })}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {t('intake.requiredNote')}
          </Text>
          {active === 0 && (
            <Stack gap="md">
              {chooseCentre && <IntakeCentreField form={form} />}
              {chooseCentre && <IntakeWorkerField form={form} />}
              <ClientFields form={form} />
            </Stack>
          )}
          {active === 1 && <DemographicFields form={form} />}
          {active === 2 && <AncestryFields form={form} />}
          {active === 3 && <ConsentStep form={form} />}
          {/* Cancel on the first step, Back on the others; Next, or Save on the last step. */}
          <WizardActions
            last={wizard.last}
            saving={wizard.saving}
            onBack={active === 0 ? undefined : wizard.back}
            onCancel={active === 0 ? onCancel : undefined}
          />
        </Paper>
      </Stack>
      <LeaveConfirm
        when={wizard.unsaved}
        title={t('intake.leave.title')}
        message={t('intake.leave.message')}
      />
    </form>
  );
}
