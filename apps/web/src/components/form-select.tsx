import { Select, type SelectProps } from '@mantine/core';
import type { ChoiceOption } from '../lib/choice-options.ts';

export type FormSelectProps<Value extends string | number = string> = Omit<
  SelectProps<Value>,
  'data' | 'value' | 'defaultValue' | 'onChange'
> & {
  /** The field's answer as `form.getInputProps(field)` gives it: '' or null while there is none. */
  value?: Value | '' | null;
  /** The field's setter from `form.getInputProps(field)`. */
  onChange: (value: Value | '' | null) => void;
  /**
   * What can be chosen: an enumeration's values labelled by the catalogue (`useChoiceOptions`),
   * or an API list's records as `{ value: id, label: name }`.
   */
  options: readonly ChoiceOption<Value>[];
};

/**
 * A Select bound to a form field: spread `form.getInputProps(field)` into it. '' and null both
 * show as no answer, and a cleared answer goes back as the field holds none: '' for a text field,
 * null for an id. A question without the required mark (`withAsterisk`) can be cleared.
 */
export function FormSelect<Value extends string | number = string>({
  value,
  onChange,
  options,
  withAsterisk = false,
  clearable = !withAsterisk,
  ...props
}: FormSelectProps<Value>) {
  return (
    <Select<Value>
      {...props}
      withAsterisk={withAsterisk}
      clearable={clearable}
      data={options}
      value={value === '' || value === undefined ? null : value}
      onChange={(next) => onChange(next ?? (typeof value === 'string' ? '' : null))}
    />
  );
}
