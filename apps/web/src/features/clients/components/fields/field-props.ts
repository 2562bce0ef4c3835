import type { UseFormReturnType } from '@mantine/form';
import type { ClientFormValues } from './client-form-values.ts';

/** A client form in controlled mode (the sections read its values as they render). */
export type ClientForm = UseFormReturnType<ClientFormValues>;

/** The client fields held as plain text (every field but the consent box). */
export type ClientTextField = {
  [K in keyof ClientFormValues]: ClientFormValues[K] extends string ? K : never;
}[keyof ClientFormValues];

/**
 * A Select's props for a text field: a cleared Select reports null, which the form keeps as ''
 * (not answered), so every value stays a string.
 */
export function selectPropsOf(form: ClientForm, field: ClientTextField) {
  const props = form.getInputProps(field);
  return {
    ...props,
    value: (props.value as string) || null,
    onChange: (value: string | null) => form.setFieldValue(field, value ?? ''),
  };
}
