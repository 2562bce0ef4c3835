import type { Plan } from '@cairn/shared/plans.schemas';
import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DiscardChangesModal } from '../../../../components/discard-changes-modal.tsx';
import { useDiscardGuard } from '../../../../lib/use-discard-guard.ts';
import { useDraftedRecord } from '../../../../lib/use-form-draft.ts';
import { useSpendings } from '../../api/spending-queries.ts';
import { SpendingDetail } from './spending-detail.tsx';
import { SpendingForm } from './spending-form.tsx';
import { SpendingTable } from './spending-table.tsx';
import { SpendingTotals } from './spending-totals.tsx';

type View =
  { kind: 'list' } | { kind: 'new' } | { kind: 'detail'; id: number } | { kind: 'edit'; id: number };

export interface SpendingsTabProps {
  plan: Plan;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * Spec §2 Plan profile, Spendings: the line items with both totals, a detail view and the form.
 * Cancel on a form with unsaved changes asks first.
 */
export function SpendingsTab({ plan, onDirtyChange }: SpendingsTabProps) {
  const unsaved = useDiscardGuard(onDirtyChange);
  return (
    <>
      <SpendingsView plan={plan} onDirtyChange={unsaved.onDirtyChange} leave={unsaved.leave} />
      <DiscardChangesModal {...unsaved.discard} />
    </>
  );
}

interface SpendingsViewProps extends SpendingsTabProps {
  /** Leaves the open form, after asking when it holds unsaved changes. */
  leave: (go: () => void) => void;
}

function SpendingsView({ plan, onDirtyChange, leave }: SpendingsViewProps) {
  const { t } = useTranslation('plan-records');
  const { data: lines } = useSpendings(plan.plan_id);
  // A line item typed before the session ended opens again with its draft.
  const drafted = useDraftedRecord('spending');
  const [view, setView] = useState<View>(
    drafted === null ? { kind: 'list' } : drafted === 'new' ? { kind: 'new' } : { kind: 'edit', id: drafted },
  );
  const toList = () => setView({ kind: 'list' });

  if (!lines) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label={t('loading')} />
      </Center>
    );
  }

  if (view.kind === 'new') {
    return (
      <SpendingForm
        planId={plan.plan_id}
        onSaved={toList}
        onCancel={() => leave(toList)}
        onDirtyChange={onDirtyChange}
      />
    );
  }

  const line = view.kind === 'list' ? undefined : lines.find((l) => l.spending_id === view.id);
  if (line && view.kind === 'edit') {
    const toDetail = () => setView({ kind: 'detail', id: line.spending_id });
    return (
      <SpendingForm
        planId={plan.plan_id}
        line={line}
        onSaved={toDetail}
        onCancel={() => leave(toDetail)}
        onDirtyChange={onDirtyChange}
      />
    );
  }
  if (line && view.kind === 'detail') {
    return (
      <SpendingDetail
        line={line}
        onBack={toList}
        onEdit={() => setView({ kind: 'edit', id: line.spending_id })}
        onDeleted={toList}
      />
    );
  }

  return (
    <Stack gap="lg">
      <Group>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setView({ kind: 'new' })}>
          {t('spendings.newLineItem')}
        </Button>
      </Group>
      {lines.length === 0 ? (
        <Text c="dimmed">{t('spendings.empty')}</Text>
      ) : (
        <>
          <SpendingTotals lines={lines} />
          <SpendingTable lines={lines} onOpen={(id) => setView({ kind: 'detail', id })} />
        </>
      )}
    </Stack>
  );
}
