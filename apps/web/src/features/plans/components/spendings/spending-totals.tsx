import { todayIso } from '@cairn/shared/dates';
import { spendingTotals } from '@cairn/shared/fiscal-year';
import type { Spending } from '@cairn/shared/spendings.schemas';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../../lib/use-formats.ts';
import { fiscalYearNameOf } from './spending-rows.ts';

function Total({ label, amount }: { label: string; amount: number }) {
  const id = useId();
  const fmt = useFormats();
  return (
    <Paper withBorder p="sm" role="group" aria-labelledby={id}>
      <Text id={id} size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {fmt.money(amount)}
      </Text>
    </Paper>
  );
}

/** Spec §9: the case total (every line) and the current fiscal year's total, side by side. */
export function SpendingTotals({ lines }: { lines: readonly Spending[] }) {
  const { t } = useTranslation('plan-records');
  const today = todayIso();
  const { caseTotal, fiscalTotal } = spendingTotals(lines, today);
  const year = fiscalYearNameOf(today);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} maw={560} aria-label={t('spendings.totals.label')} role="group">
      <Total label={t('spendings.totals.case')} amount={caseTotal} />
      <Total label={t('spendings.totals.fiscal', year)} amount={fiscalTotal} />
    </SimpleGrid>
  );
}
