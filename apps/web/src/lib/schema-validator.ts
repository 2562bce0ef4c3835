import { schemaResolver, type FormErrors } from '@mantine/form';
import { messageText } from './message-text.ts';

type Schema = Parameters<typeof schemaResolver>[0];

/**
 * A form's `validate` from a shared schema: Mantine's resolver, each message worded in the active
 * language (the schemas carry messages by code). Every form checked by a shared schema uses it.
 */
export function schemaValidator<Values = unknown>(schema: Schema): (values: Values) => FormErrors {
  const resolve = schemaResolver(schema, { sync: true });
  return (values) =>
    Object.fromEntries(
      Object.entries(resolve(values)).map(([field, text]) => [
        field,
        typeof text === 'string' ? messageText(text) : text,
      ]),
    );
}
