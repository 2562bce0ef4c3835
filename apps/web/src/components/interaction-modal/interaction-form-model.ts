import { todayIso } from '@cairn/shared/dates';
import { INTERACTION_LIMITS, type InteractionRecord } from '@cairn/shared/interactions.schemas';
import { message } from '@cairn/shared/messages';
import { requiredPastDate } from '@cairn/shared/validators';
import { z } from 'zod';

/** The interaction form as typed: counts are text keyed by interaction_id, '' standing for 0. */
export interface InteractionFormValues {
  /** The chosen client's id, when the form asks for one. */
  client_id: string | null;
  date: string;
  counts: Record<string, string>;
}

export function emptyInteractionForm(date: string = todayIso()): InteractionFormValues {
  return { client_id: null, date, counts: {} };
}

const { countMin, countMax } = INTERACTION_LIMITS;

/** Spec §5 Interaction: a client when one is asked for, a date not in the future, counts 0 to 99. */
export function interactionFormSchema(needsClient: boolean) {
  return z.object({
    client_id: needsClient
      ? z.string({ error: message('required') }).min(1, message('required'))
      : z.string().nullable(),
    date: requiredPastDate,
    counts: z.record(
      z.string(),
      z.string().regex(/^\d{0,2}$/, message('range', { min: countMin, max: countMax })),
    ),
  });
}

/** What a count field may hold: digits only, at most 99, no leading zeros ('' while being typed). */
export function cleanCount(typed: string): string {
  const digits = typed.replace(/\D/g, '');
  if (digits === '') return '';
  return String(Math.min(countMax, Number(digits)));
}

/** A count as a number: empty is 0 (spec §5). */
export function countOf(values: InteractionFormValues, interactionId: number): number {
  const typed = values.counts[String(interactionId)] ?? '';
  return typed === '' ? 0 : Number(typed);
}

export function stepCount(current: number, step: 1 | -1): string {
  return String(Math.min(countMax, Math.max(countMin, current + step)));
}

/** The records to send: one per type with a count above 0 (spec §5: only counts above 0 are sent). */
export function interactionRecordsOf(
  values: InteractionFormValues,
  interactionIds: readonly number[],
): InteractionRecord[] {
  return interactionIds
    .map((id) => ({ interaction_id: id, date: values.date, count: countOf(values, id) }))
    .filter((r) => r.count > 0);
}
