import type { UseFormReturnType } from '@mantine/form';
import type { ClientFormValues } from './client-form-values.ts';

/** A client form in controlled mode (the sections read its values as they render). */
export type ClientForm = UseFormReturnType<ClientFormValues>;

/** The client fields held as plain text (every field but the consent box). */
export type ClientTextField = {
  [K in keyof ClientFormValues]: ClientFormValues[K] extends string ? K : never;
}[keyof ClientFormValues];
