import type { Plan } from '@cairn/shared/plans.schemas';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DiscardChangesModal } from '../../../../components/discard-changes-modal.tsx';
import { useDiscardGuard } from '../../../../lib/use-discard-guard.ts';
import { useDraftedRecord } from '../../../../lib/use-form-draft.ts';
import { useOutcome } from '../../api/outcome-queries.ts';
import { OutcomeDetail } from './outcome-detail.tsx';
import { OutcomeForm } from './outcome-form.tsx';

export interface OutcomeTabProps {
  plan: Plan;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * Spec §2 Plan profile, Outcome: 'Add Outcome' when there is none, otherwise its detail and edit
 * form. Cancel on a form with unsaved changes asks first.
 */
export function OutcomeTab({ plan, onDirtyChange }: OutcomeTabProps) {
  const { t } = useTranslation('plan-records');
  const { data: outcome } = useOutcome(plan.plan_id);
  // An outcome typed before the session ended opens again with its draft.
  const [editing, setEditing] = useState(useDraftedRecord('outcome') !== null);
  const unsaved = useDiscardGuard(onDirtyChange);

  if (outcome === undefined) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label={t('loading')} />
      </Center>
    );
  }

  if (editing) {
    const toOutcome = () => setEditing(false);
    return (
      <>
        <OutcomeForm
          plan={plan}
          outcome={outcome ?? undefined}
          onSaved={toOutcome}
          onCancel={() => unsaved.leave(toOutcome)}
          onDirtyChange={unsaved.onDirtyChange}
        />
        <DiscardChangesModal {...unsaved.discard} />
      </>
    );
  }

  if (!outcome) {
    return (
      <Stack gap="md" align="flex-start">
        <Text c="dimmed">{t('outcome.empty')}</Text>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing(true)}>
          {t('outcome.add')}
        </Button>
      </Stack>
    );
  }

  return <OutcomeDetail plan={plan} outcome={outcome} onEdit={() => setEditing(true)} />;
}
