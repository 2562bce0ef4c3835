import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LeaveConfirm } from '../../../../components/leave-confirm.tsx';
import { WizardActions } from '../../../../components/wizard-actions.tsx';
import { WizardStepper } from '../../../../components/wizard-stepper.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { failureMessage, fieldErrorsOf } from '../../../../lib/api-errors.ts';
import { notify } from '../../../../lib/notify.ts';
import { planKeys } from '../../../../lib/plan-queries.ts';
import { useOneSave } from '../../../../lib/use-one-save.ts';
import { useStepHeadingFocus } from '../../../../lib/use-step-heading-focus.ts';
import { useBarrierCatalogue } from '../../../../lib/catalogue-queries.ts';
import { useCreatePlan } from '../../api/plan-mutations.ts';
import { barrierBody, type PlanItemEntry } from '../../../../components/plan-items/plan-item-entries.ts';
import { PlanItemsEditor } from '../../../../components/plan-items/plan-items-editor.tsx';
import { PlanInfoFields } from '../plan-info/plan-info-fields.tsx';
import {
  emptyPlanInfo,
  planInfoBodyFrom,
  planInfoErrors,
  type PlanInfoFormValues,
} from '../plan-info/plan-info-form-values.ts';
import { OpenPlanAlert } from './open-plan-alert.tsx';

const STEPS = ['info', 'barriers'] as const;

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
  const form = useForm<PlanInfoFormValues>({ mode: 'controlled', initialValues: emptyPlanInfo() });
  const [active, setActive] = useState(0);
  const [barriers, setBarriers] = useState<PlanItemEntry[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const catalogue = useBarrierCatalogue();
  const create = useCreatePlan(clientId);
  const oneSave = useOneSave();
  const headingRef = useStepHeadingFocus(active);

  const backToInfo = (errors: Record<string, string>) => {
    form.setErrors(errors);
    setActive(0);
  };

  const save = async (values: PlanInfoFormValues) => {
    const errors = planInfoErrors(values);
    if (Object.keys(errors).length > 0) return backToInfo(errors as Record<string, string>);
    setRefusal(null);
    try {
      const { id } = await create.mutateAsync({
        client_id: clientId,
        ...planInfoBodyFrom(values),
        barriers: barrierBody(barriers),
      });
      notify.success(t('toasts.created'));
      setSaved(true);
      onCreated(id);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setRefusal(error.message);
        // The open plan the server found belongs in the side menu (and disables New Plan).
        void queryClient.invalidateQueries({ queryKey: planKeys.ofClient(clientId) });
        return;
      }
      const fields = fieldErrorsOf(error);
      const infoErrors = Object.fromEntries(
        Object.entries(fields).filter(([field]) => field in values),
      ) as Record<string, string>;
      if (Object.keys(infoErrors).length > 0) return backToInfo(infoErrors);
      notify.error(Object.values(fields)[0]?.toString() ?? failureMessage(error));
    }
  };

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = form.getValues();
    if (active === 1) return void oneSave.run(() => save(values));
    const errors = planInfoErrors(values);
    if (Object.keys(errors).length > 0) return form.setErrors(errors);
    form.clearErrors();
    setActive(1);
  };

  const step = STEPS[active]!;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <WizardStepper
          steps={STEPS.map((key) => ({ key, label: t(`wizard.steps.${key}`) }))}
          active={active}
          onBackTo={setActive}
        />
        {refusal && <OpenPlanAlert clientId={clientId} message={refusal} />}
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Text size="sm" c="dimmed">
            {t('wizard.stepOf', { number: active + 1 })}
          </Text>
          <Title order={2} size="h3" mb="md" ref={headingRef} tabIndex={-1}>
            {t(`wizard.headings.${step}`)}
          </Title>
          {active === 0 && (
            <>
              <Text size="sm" c="dimmed" mb="md">
                {t('wizard.requiredNote')}
              </Text>
              <PlanInfoFields form={form} />
            </>
          )}
          {active === 1 &&
            (catalogue.data ? (
              <PlanItemsEditor
                kind="barriers"
                entries={barriers}
                onChange={setBarriers}
                catalogue={catalogue.data}
                headingOrder={3}
                disabled={oneSave.saving}
              />
            ) : (
              <Center py="xl">
                <Loader aria-label={t('profile.loading')} />
              </Center>
            ))}
          {/* Step 1: Cancel and Next. Step 2: Back, Cancel and Save. */}
          <WizardActions
            last={active === 1}
            saving={oneSave.saving}
            onBack={active === 1 ? () => setActive(0) : undefined}
            onCancel={onCancel}
          />
        </Paper>
      </Stack>
      <LeaveConfirm
        when={(form.isDirty() || barriers.length > 0) && !saved}
        title={t('wizard.leave.title')}
        message={t('wizard.leave.message')}
      />
    </form>
  );
}
