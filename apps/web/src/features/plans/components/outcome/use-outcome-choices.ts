import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The outcome's enumerations, whose stored values the catalogue translates. */
export type OutcomeChoiceGroup =
  | 'program_outcome'
  | 'incomplete_reason'
  | 'post_program_status'
  | 'employment_type'
  | 'received_certificate';

/** Select or radio data for an outcome enumeration: the stored value, shown through the catalogue. */
export function useOutcomeChoices(group: OutcomeChoiceGroup, values: readonly string[]) {
  const { t } = useTranslation('plan-records');
  return useMemo(
    () =>
      values.map((value) => ({
        value,
        label: t(`outcome.options.${group}.${value}`, { defaultValue: value }),
      })),
    [t, group, values],
  );
}

/** A stored answer as the reader sees it, or a dash when there is none. */
export function useOutcomeAnswer() {
  const { t } = useTranslation('plan-records');
  return (group: OutcomeChoiceGroup, value: string | null) =>
    value ? t(`outcome.options.${group}.${value}`, { defaultValue: value }) : t('none');
}
