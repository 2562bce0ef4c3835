import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** One choice of a Select or a radio group: the value the form holds and the label the reader sees. */
export interface ChoiceOption<Value extends string | number = string> {
  value: Value;
  label: string;
}

/**
 * The choices of an enumeration: each stored value labelled by the catalogue entry
 * `<namespace>:<prefix>.<value>`, or shown as stored when the catalogue has none.
 */
export function useChoiceOptions<Value extends string>(
  namespace: string,
  prefix: string,
  values: readonly Value[],
): ChoiceOption<Value>[] {
  const { t } = useTranslation(namespace);
  return useMemo(
    () => values.map((value) => ({ value, label: t(`${prefix}.${value}`, { defaultValue: value }) })),
    [t, prefix, values],
  );
}
