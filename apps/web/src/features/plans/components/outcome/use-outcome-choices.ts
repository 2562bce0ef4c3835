import { useTranslation } from 'react-i18next';
import { useChoiceOptions } from '../../../../lib/choice-options.ts';

/** The outcome's enumerations, whose stored values the catalogue translates. */
export type OutcomeChoiceGroup =
  | 'program_outcome'
  | 'incomplete_reason'
  | 'post_program_status'
  | 'employment_type'
  | 'received_certificate';

/** Select or radio options for an outcome enumeration, labelled by the `plan-records` catalogue. */
export function useOutcomeChoices(group: OutcomeChoiceGroup, values: readonly string[]) {
  return useChoiceOptions('plan-records', `outcome.options.${group}`, values);
}

/** A stored answer as the reader sees it, or a dash when there is none. */
export function useOutcomeAnswer() {
  const { t } = useTranslation('plan-records');
  return (group: OutcomeChoiceGroup, value: string | null) =>
    value ? t(`outcome.options.${group}.${value}`, { defaultValue: value }) : t('none');
}
