import {
  CLIENT_MERGE_FIELDS,
  type ClientMergeField,
  type MergeSide,
} from '@cairn/shared/client-merge.schemas';
import type { Client } from '@cairn/shared/clients.schemas';
import type { Formats } from '../../../../lib/formats.ts';
import { CLIENT_SECTIONS, SECTION_ROWS, type AnswerKind } from '../profile/client-sections.ts';

/** How each field's value is shown: the profile's own way, by its row. */
const SHOWN = new Map<string, AnswerKind>(
  CLIENT_SECTIONS.flatMap((section) => SECTION_ROWS[section].map((row) => [row.field, row.show] as const)),
);

/** What a field holds, to compare the two clients by (the SIN: whether there is one, and its mask). */
function comparable(client: Client, field: ClientMergeField): unknown {
  if (field === 'sin') return client.has_sin ? client.sin_masked : null;
  const value = client[field];
  return value === '' ? null : value;
}

/**
 * The fields whose values differ, in the intake's order. Two SINs with the same last three digits
 * may still differ (only the mask is known here), so two clients who both have one are asked too.
 */
export function differingFields(kept: Client, other: Client): ClientMergeField[] {
  return CLIENT_MERGE_FIELDS.filter(
    (field) =>
      comparable(kept, field) !== comparable(other, field) ||
      (field === 'sin' && kept.has_sin && other.has_sin),
  );
}

/** The first choice offered: this client's value, unless only the other client has one. */
export function initialChoices(kept: Client, other: Client): Partial<Record<ClientMergeField, MergeSide>> {
  return Object.fromEntries(
    differingFields(kept, other).map((field) => [
      field,
      comparable(kept, field) === null && comparable(other, field) !== null ? 'other' : 'this',
    ]),
  );
}

/** A field's value as the profile shows it, or null when there is none. */
export function shownValue(
  client: Client,
  field: ClientMergeField,
  t: (key: string, options?: Record<string, unknown>) => string,
  fmt: Formats,
): string | null {
  if (field === 'sin') return client.sin_masked;
  if (field === 'centre_id') return client.centre_name;
  if (field === 'consent') return t(`options.yes_no.${client.consent ? 'Yes' : 'No'}`);
  const raw = client[field];
  if (raw == null || raw === '') return null;
  const value = String(raw);
  const shown = SHOWN.get(field);
  if (shown?.kind === 'date') return fmt.longDate(value);
  if (shown?.kind === 'choice') return t(`options.${shown.group}.${value}`, { defaultValue: value });
  return value;
}
