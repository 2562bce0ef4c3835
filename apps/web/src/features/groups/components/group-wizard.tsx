import type { Group } from '@cairn/shared/groups.schemas';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LeaveConfirm } from '../../../components/leave-confirm.tsx';
import { WizardActions } from '../../../components/wizard-actions.tsx';
import { WizardStepper } from '../../../components/wizard-stepper.tsx';
import { useWizardForm } from '../../../lib/use-wizard-form.ts';
import { useCreateGroup } from '../api/group-mutations.ts';
import { GroupDetailsFields } from './group-details-fields.tsx';
import {
  emptyGroupWizard,
  GROUP_WIZARD_STEPS,
  groupCreateBodyOf,
  groupWizardStepErrors,
} from './group-form-model.ts';
import { MemberEditor } from './member-editor.tsx';

export interface GroupWizardProps {
  /** Cancel on step 1: leave the wizard. */
  onCancel: () => void;
  /** The group was created: leave for its profile. */
  onCreated: (group: Group) => void;
}

/**
 * Spec §2 New group: step 1 the details (Cancel, Next only when they check out); step 2 the members
 * (Cancel goes back to step 1, Save creates the group with them, once).
 */
export function GroupWizard({ onCancel, onCreated }: GroupWizardProps) {
  const { t } = useTranslation('groups');
  const create = useCreateGroup();
  const wizard = useWizardForm({
    initialValues: emptyGroupWizard(),
    draft: { form: 'new-group' },
    steps: GROUP_WIZARD_STEPS,
    checkStep: groupWizardStepErrors,
    save: (values) => create.mutateAsync(groupCreateBodyOf(values)),
    onSaved: onCreated,
    // The create has toasted the failure already (spec §8); every answer stays as typed.
    onFailed: () => {},
  });
  const step = GROUP_WIZARD_STEPS[wizard.active]!.key;

  return (
    <form onSubmit={wizard.submit} noValidate>
      <Stack gap="lg">
        <WizardStepper
          steps={GROUP_WIZARD_STEPS.map(({ key }) => ({ key, label: t(`wizard.steps.${key}`) }))}
          active={wizard.active}
          onBackTo={wizard.backTo}
        />
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Text size="sm" c="dimmed">
            {t('wizard.stepOf', { number: wizard.active + 1 })}
          </Text>
          <Title order={2} size="h3" mb="md" ref={wizard.headingRef} tabIndex={-1}>
            {t(`wizard.steps.${step}`)}
          </Title>
          {step === 'details' ? (
            <>
              <Text size="sm" c="dimmed" mb="md">
                {t('wizard.requiredNote')}
              </Text>
              <GroupDetailsFields form={wizard.form} />
            </>
          ) : (
            <MemberEditor
              members={wizard.form.values.members}
              onChange={(members) => wizard.form.setFieldValue('members', members)}
              disabled={wizard.saving}
            />
          )}
          {/* Step 1: Cancel and Next. Step 2: Cancel (back to step 1) and Save. */}
          <WizardActions
            last={wizard.last}
            saving={wizard.saving}
            onCancel={wizard.active === 0 ? onCancel : wizard.back}
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
