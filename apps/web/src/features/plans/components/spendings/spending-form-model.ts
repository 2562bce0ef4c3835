import { todayIso } from '@cairn/shared/dates';
import type { Locale } from '@cairn/shared/locales';
import { moneyInputText } from '@cairn/shared/money-text';
import { moneyValueIn, spendingBodySchema, type Spending } from '@cairn/shared/spendings.schemas';
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

/** A line as the form edits it: its value written the language's way ('1200.50', '1200,50'). */
export function spendingFormValuesOf(line: Spending, locale: Locale): SpendingFormValues {
  return {
    date: line.date,
    item: line.item,
    value: moneyInputText(line.value, locale),
    work_gear: line.work_gear,
    description: line.description ?? '',
  };
}

/** The API body's checks, the value read in the user's language ('125,50', '1,234': moneyValueIn). */
function spendingBodySchemaIn(locale: Locale) {
  return spendingBodySchema.extend({ value: moneyValueIn(locale) });
}

/** The form's checks: the API body's in the user's language, without the ids the tab supplies. */
export function spendingFormSchemaIn(locale: Locale) {
  return spendingBodySchemaIn(locale).omit({ spending_id: true, plan_id: true });
}

/**
 * The body to send: trimmed, empty description null, the value as a number (empty: 0, spec §5), so
 * the API reads the amount the user's language meant.
 */
export function spendingBodyOf(planId: number, values: SpendingFormValues, locale: Locale): SpendingPayload {
  return spendingBodySchemaIn(locale).parse({ ...values, plan_id: planId });
}
