import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LeaveConfirm } from '../../../../components/leave-confirm.tsx';
import { WizardActions } from '../../../../components/wizard-actions.tsx';
import { WizardStepper } from '../../../../components/wizard-stepper.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { errorMessage, failureMessage } from '../../../../lib/api-errors.ts';
import { notify } from '../../../../lib/notify.ts';
import { planKeys } from '../../../../lib/plan-queries.ts';
import { useWizardForm } from '../../../../lib/use-wizard-form.ts';
import type { WizardStep } from '../../../../lib/wizard-steps.ts';
import { useBarrierCatalogue } from '../../../../lib/catalogue-queries.ts';
import { useCreatePlan } from '../../api/plan-mutations.ts';
import { barrierBody, type PlanItemEntry } from '../../../../components/plan-items/plan-item-entries.ts';
import { PlanItemsEditor } from '../../../../components/plan-items/plan-items-editor.tsx';
import { PlanInfoFields } from '../plan-info/plan-info-fields.tsx';
import { emptyPlanInfo, planInfoBodyFrom, planInfoErrors } from '../plan-info/plan-info-form-values.ts';
import { OpenPlanAlert } from './open-plan-alert.tsx';

/** Step 1 asks every Plan Info question; step 2's barriers are kept beside the form. */
const STEPS: readonly WizardStep[] = [
  { key: 'info', fields: Object.keys(emptyPlanInfo()) },
  { key: 'barriers', fields: [] },
];

export interface NewPlanWizardProps {
  clientId: number;
  onCancel: () => void;
  /** The plan was created: leave for its profile. */
  onCreated: (planId: number) => void;
}

/**
 * Spec §2 New plan: step 1 the plan info, forward only when it validates; step 2 'What barriers
 * do you face?' in the drag columns. Save creates the plan and its barriers together (spec §4).
 */
export function NewPlanWizard({ clientId, onCancel, onCreated }: NewPlanWizardProps) {
  const { t } = useTranslation('plans');
  const queryClient = useQueryClient();
  const [barriers, setBarriers] = useState<PlanItemEntry[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const catalogue = useBarrierCatalogue();
  const create = useCreatePlan(clientId);
  const wizard = useWizardForm({
    initialValues: emptyPlanInfo(),
    draft: { form: 'new-plan' },
    steps: STEPS,
    checkStep: (step, values) => (step === 0 ? planInfoErrors(values) : {}),
    save: (values) => {
      setRefusal(null);
      return create.mutateAsync({
        client_id: clientId,
        ...planInfoBodyFrom(values),
        barriers: barrierBody(barriers),
      });
    },
    onSaved: ({ id }) => {
      notify.success(t('toasts.created'));
      onCreated(id);
    },
    onFailed: (error, errors) => {
      if (error instanceof ApiError && error.status === 409) {
        setRefusal(errorMessage(error));
        // The open plan the server found belongs in the side menu (and disables New Plan).
        void queryClient.invalidateQueries({ queryKey: planKeys.ofClient(clientId) });
        return;
      }
      notify.error(Object.values(errors)[0]?.toString() ?? failureMessage(error));
    },
    unsavedBesides: barriers.length > 0,
  });
  const step = STEPS[wizard.active]!.key;

  return (
    <form onSubmit={wizard.submit} noValidate>
      <Stack gap="lg">
        <WizardStepper
          steps={STEPS.map(({ key }) => ({ key, label: t(`wizard.steps.${key}`) }))}
          active={wizard.active}
          onBackTo={wizard.backTo}
        />
        {refusal && <OpenPlanAlert clientId={clientId} message={refusal} />}
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Text size="sm" c="dimmed">
            {t('wizard.stepOf', { number: wizard.active + 1 })}
          </Text>
          <Title order={2} size="h3" mb="md" ref={wizard.headingRef} tabIndex={-1}>
            {t(`wizard.headings.${step}`)}
          </Title>
          {step === 'info' && (
            <>
              <Text size="sm" c="dimmed" mb="md">
                {t('wizard.requiredNote')}
              </Text>
              <PlanInfoFields form={wizard.form} />
            </>
          )}
          {step === 'barriers' &&
            (catalogue.data ? (
              <PlanItemsEditor
                kind="barriers"
                entries={barriers}
                onChange={setBarriers}
                catalogue={catalogue.data}
                headingOrder={3}
                disabled={wizard.saving}
              />
            ) : (
              <Center py="xl">
                <Loader aria-label={t('profile.loading')} />
              </Center>
            ))}
          {/* Step 1: Cancel and Next. Step 2: Back, Cancel and Save. */}
          <WizardActions
            last={wizard.last}
            saving={wizard.saving}
            onBack={wizard.active === 0 ? undefined : wizard.back}
            onCancel={onCancel}
          />
        </Paper>
      </Stack>
      <LeaveConfirm
        when={wizard.unsaved}
        title={t('wizard.leave.title')}
        message={t('wizard.leave.message')}
      />
    </form>
  );
}
