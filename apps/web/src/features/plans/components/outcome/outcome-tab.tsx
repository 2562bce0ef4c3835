import type { Plan } from '@cairn/shared/plans.schemas';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutcome } from '../../api/outcome-queries.ts';
import { OutcomeDetail } from './outcome-detail.tsx';
import { OutcomeForm } from './outcome-form.tsx';

/** Spec §2 Plan profile, Outcome: 'Add Outcome' when there is none, otherwise its detail and edit form. */
export function OutcomeTab({ plan }: { plan: Plan }) {
  const { t } = useTranslation('plan-records');
  const { data: outcome } = useOutcome(plan.plan_id);
  const [editing, setEditing] = useState(false);

  if (outcome === undefined) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label={t('loading')} />
      </Center>
    );
  }

  if (editing)
    return <OutcomeForm plan={plan} outcome={outcome ?? undefined} onDone={() => setEditing(false)} />;

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
