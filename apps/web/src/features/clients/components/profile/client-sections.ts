import {
  ancestryStepSchema,
  clientStepSchema,
  demographicStepSchema,
  type Client,
} from '@cairn/shared/clients.schemas';
import type { ChoiceGroup } from '../fields/use-choices.ts';

/** The profile tabs that show and edit client answers; each matches an intake step. */
export type ClientSection = 'client' | 'demographic' | 'ancestry';
export const CLIENT_SECTIONS: readonly ClientSection[] = ['client', 'demographic', 'ancestry'];

/** How a stored answer is shown in view mode. */
export type AnswerKind =
  | { kind: 'text' }
  | { kind: 'date' }
  | { kind: 'email' }
  | { kind: 'phone' }
  | { kind: 'sin' }
  | { kind: 'choice'; group: ChoiceGroup };

export interface AnswerRow {
  /** A field of the client, or 'sin', which is shown from has_sin and sin_masked. */
  field: Exclude<keyof Client, 'has_sin' | 'sin_masked'> | 'sin';
  show: AnswerKind;
  /** Rows that only apply to some clients (spec §4 conditional questions). */
  when?: (client: Client) => boolean;
}

const text = { kind: 'text' } as const;
const choice = (group: ChoiceGroup) => ({ kind: 'choice', group }) as const;
const isIndigenous = (c: Client) => c.indigenous === 'Yes';

/** Each tab's answers in the order of the intake, and the step schema its edit form checks. */
export const SECTION_ROWS: Record<ClientSection, readonly AnswerRow[]> = {
  client: [
    { field: 'first_name', show: text },
    { field: 'middle_name', show: text },
    { field: 'last_name', show: text },
    { field: 'date_of_birth', show: { kind: 'date' } },
    { field: 'gender', show: choice('gender') },
    { field: 'sin', show: { kind: 'sin' } },
    { field: 'email', show: { kind: 'email' } },
    { field: 'phone', show: { kind: 'phone' } },
    { field: 'address', show: text },
    { field: 'city', show: text },
    { field: 'province', show: choice('province') },
    { field: 'postal_code', show: text },
  ],
  demographic: [
    { field: 'language_spoken', show: text },
    { field: 'marital_status', show: choice('marital_status') },
    { field: 'number_dependents', show: text },
    { field: 'youth_in_care', show: choice('yes_no') },
    { field: 'citizenship', show: choice('citizenship') },
    { field: 'highest_education', show: choice('highest_education') },
    { field: 'disability', show: choice('yes_no') },
  ],
  ancestry: [
    { field: 'indigenous', show: choice('yes_no') },
    { field: 'status_type', show: choice('status_type'), when: isIndigenous },
    { field: 'nation', show: text, when: isIndigenous },
    { field: 'reserve', show: choice('reserve'), when: isIndigenous },
    { field: 'status_number', show: text, when: isIndigenous },
    { field: 'indigenous_language', show: text, when: isIndigenous },
  ],
};

export const SECTION_SCHEMAS = {
  client: clientStepSchema,
  demographic: demographicStepSchema,
  ancestry: ancestryStepSchema,
} as const;

/** The tab on which a field is answered, to point at a missing answer from elsewhere. */
export function sectionOf(field: string): ClientSection | null {
  for (const section of CLIENT_SECTIONS) {
    if (SECTION_ROWS[section].some((row) => row.field === field)) return section;
  }
  if (field === 'speaks_indigenous_language') return 'ancestry';
  return null;
}
