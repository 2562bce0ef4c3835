import { useChoiceOptions } from '../../../../lib/choice-options.ts';

/** The catalogue groups under `options` that translate an enumeration's stored values. */
export type ChoiceGroup =
  | 'yes_no'
  | 'gender'
  | 'citizenship'
  | 'highest_education'
  | 'status_type'
  | 'reserve'
  | 'marital_status'
  | 'province';

/** Select or radio options for a client enumeration, labelled by the `clients` catalogue. */
export function useChoices(group: ChoiceGroup, values: readonly string[]) {
  return useChoiceOptions('clients', `options.${group}`, values);
}
