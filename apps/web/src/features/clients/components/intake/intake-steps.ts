import {
  ancestryStepSchema,
  clientStepSchema,
  consentStepSchema,
  demographicStepSchema,
} from '@cairn/shared/clients.schemas';
import { message } from '@cairn/shared/messages';
import type { FormErrors } from '@mantine/form';
import { messageText } from '../../../../lib/message-text.ts';
import { clientFormErrors, type ClientFormValues } from '../fields/client-form-values.ts';

/** The four intake steps of spec §2, each checked by its own shared schema before Next. */
export const INTAKE_STEPS = [
  { key: 'client', schema: clientStepSchema, fields: [...Object.keys(clientStepSchema.shape), 'centre_id'] },
  { key: 'demographic', schema: demographicStepSchema, fields: Object.keys(demographicStepSchema.shape) },
  {
    key: 'ancestry',
    schema: ancestryStepSchema,
    fields: [...Object.keys(ancestryStepSchema.shape), 'speaks_indigenous_language'],
  },
  { key: 'consent', schema: consentStepSchema, fields: Object.keys(consentStepSchema.shape) },
] as const;

/**
 * The messages for one step. An Admin has no centre of their own, so they must name the centre
 * the client belongs to.
 */
export function intakeStepErrors(
  step: number,
  values: ClientFormValues,
  centreRequired: boolean,
): FormErrors {
  const errors = clientFormErrors(INTAKE_STEPS[step]!.schema, values);
  if (step === 0 && centreRequired && values.centre_id === '')
    errors.centre_id = messageText(message('required'));
  return errors;
}
