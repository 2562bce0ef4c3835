import type { Plan } from '@cairn/shared/plans.schemas';
import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSpendings } from '../../api/spending-queries.ts';
import { SpendingDetail } from './spending-detail.tsx';
import { SpendingForm } from './spending-form.tsx';
import { SpendingTable } from './spending-table.tsx';
import { SpendingTotals } from './spending-totals.tsx';

type View =
  { kind: 'list' } | { kind: 'new' } | { kind: 'detail'; id: number } | { kind: 'edit'; id: number };

/** Spec §2 Plan profile, Spendings: the line items with both totals, a detail view and the form. */
export function SpendingsTab({ plan }: { plan: Plan }) {
  const { t } = useTranslation('plan-records');
  const { data: lines } = useSpendings(plan.plan_id);
  const [view, setView] = useState<View>({ kind: 'list' });
  const toList = () => setView({ kind: 'list' });

  if (!lines) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label={t('loading')} />
      </Center>
    );
  }

  if (view.kind === 'new') return <SpendingForm planId={plan.plan_id} onSaved={toList} onCancel={toList} />;

  const line = view.kind === 'list' ? undefined : lines.find((l) => l.spending_id === view.id);
  if (line && view.kind === 'edit') {
    const toDetail = () => setView({ kind: 'detail', id: line.spending_id });
    return <SpendingForm planId={plan.plan_id} line={line} onSaved={toDetail} onCancel={toDetail} />;
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
