import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

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

/** Select or radio data for an enumeration: the stored value, shown through the catalogue. */
export function useChoices(group: ChoiceGroup, values: readonly string[]) {
  const { t } = useTranslation('clients');
  return useMemo(
    () => values.map((value) => ({ value, label: t(`options.${group}.${value}`, { defaultValue: value }) })),
    [t, group, values],
  );
}
