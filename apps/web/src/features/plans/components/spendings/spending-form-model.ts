import { todayIso } from '@cairn/shared/dates';
import { toCents } from '@cairn/shared/money';
import { spendingBodySchema, type Spending } from '@cairn/shared/spendings.schemas';
import type { SpendingPayload } from '../../api/spending-mutations.ts';

/** The line item form as typed: the value is text so 'must be a monetary value' can be said. */
export interface SpendingFormValues {
  date: string;
  item: string;
  value: string;
  work_gear: boolean;
  description: string;
}

/** Spec §4: a new line's date defaults to today. */
export function emptySpendingForm(today: string = todayIso()): SpendingFormValues {
  return { date: today, item: '', value: '', work_gear: false, description: '' };
}

export function spendingFormValuesOf(line: Spending): SpendingFormValues {
  return {
    date: line.date,
    item: line.item,
    value: (toCents(line.value) / 100).toFixed(2),
    work_gear: line.work_gear,
    description: line.description ?? '',
  };
}

/** The form's checks: the API body's, without the ids the tab supplies. */
export const spendingFormSchema = spendingBodySchema.omit({ spending_id: true, plan_id: true });

/** The body to send: trimmed, empty description null, empty value 0 (spec §5). */
export function spendingBodyOf(planId: number, values: SpendingFormValues): SpendingPayload {
  return spendingBodySchema.parse({ ...values, plan_id: planId });
}
