import { applyClientSaveRules } from '@cairn/shared/client-rules';
import type { Client, ClientCreateBody } from '@cairn/shared/clients.schemas';
import type { YesNo } from '@cairn/shared/enums';
import type { FormErrors } from '@mantine/form';
import { schemaValidator } from '../../../../lib/schema-validator.ts';

/**
 * Every client field as the form holds it: text, with '' for "not answered". The Yes/No
 * 'Do you speak an Indigenous language?' is a question of the form only; its answer decides
 * whether the language is kept (spec §4).
 */
export interface ClientFormValues {
  first_name: string;
  middle_name: string;
  last_name: string;
  date_of_birth: string;
  gender: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  province: string;
  postal_code: string;
  /** Typed only to set or replace the SIN: the stored one is never sent to the browser. */
  sin: string;
  language_spoken: string;
  marital_status: string;
  number_dependents: string;
  youth_in_care: string;
  disability: string;
  citizenship: string;
  highest_education: string;
  indigenous: string;
  status_type: string;
  nation: string;
  reserve: string;
  status_number: string;
  speaks_indigenous_language: '' | YesNo;
  indigenous_language: string;
  consent: boolean;
  /** '' lets the server use the user's own centre (spec §5). */
  centre_id: string;
  /** The intake's worker, chosen by an Admin (issue 32); '' lets the server decide (the Coordinator taking it, or none). */
  worker_id: string;
}

export const emptyClientFormValues: ClientFormValues = {
  first_name: '',
  middle_name: '',
  last_name: '',
  date_of_birth: '',
  gender: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  province: '',
  postal_code: '',
  sin: '',
  language_spoken: '',
  marital_status: '',
  number_dependents: '',
  youth_in_care: '',
  disability: '',
  citizenship: '',
  highest_education: '',
  indigenous: '',
  status_type: '',
  nation: '',
  reserve: '',
  status_number: '',
  speaks_indigenous_language: '',
  indigenous_language: '',
  consent: false,
  centre_id: '',
  worker_id: '',
};

const text = (v: string | null | undefined) => v ?? '';

export function clientFormValuesFrom(client: Client): ClientFormValues {
  return {
    first_name: client.first_name,
    middle_name: text(client.middle_name),
    last_name: client.last_name,
    date_of_birth: text(client.date_of_birth),
    gender: text(client.gender),
    email: text(client.email),
    phone: text(client.phone),
    address: text(client.address),
    city: text(client.city),
    province: text(client.province),
    postal_code: text(client.postal_code),
    sin: '',
    language_spoken: text(client.language_spoken),
    marital_status: text(client.marital_status),
    number_dependents: client.number_dependents == null ? '' : String(client.number_dependents),
    youth_in_care: text(client.youth_in_care),
    disability: text(client.disability),
    citizenship: text(client.citizenship),
    highest_education: text(client.highest_education),
    indigenous: text(client.indigenous),
    status_type: text(client.status_type),
    nation: text(client.nation),
    reserve: text(client.reserve),
    status_number: text(client.status_number),
    // Spec §4: on edit the answer defaults to Yes when a language is on file.
    speaks_indigenous_language: client.indigenous_language ? 'Yes' : '',
    indigenous_language: text(client.indigenous_language),
    consent: client.consent,
    centre_id: String(client.centre_id),
    worker_id: '',
  };
}

/**
 * The body of POST and PUT /clients as the form builds it. The consent box is sent as ticked or
 * not: the intake's Consent step only lets a ticked box through.
 */
export type ClientBody = Omit<ClientCreateBody, 'consent'> & { consent: boolean };

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/**
 * The API body (spec §5 save rules): empty text becomes null; answers that only apply to an
 * Indigenous client, or to one who speaks an Indigenous language, are cleared when they no
 * longer apply. The SIN is only sent when one was typed, so an edit keeps the stored one.
 */
export function clientBodyFrom(values: ClientFormValues): ClientBody {
  const dependents = values.number_dependents.trim();
  const body: ClientBody = {
    first_name: values.first_name.trim(),
    middle_name: orNull(values.middle_name),
    last_name: values.last_name.trim(),
    date_of_birth: orNull(values.date_of_birth),
    gender: orNull(values.gender),
    email: orNull(values.email),
    phone: orNull(values.phone),
    address: orNull(values.address),
    city: orNull(values.city),
    province: orNull(values.province),
    postal_code: orNull(values.postal_code),
    language_spoken: orNull(values.language_spoken),
    marital_status: orNull(values.marital_status),
    // A number when it is one; anything else goes as typed so the check names the problem.
    number_dependents: /^\d+$/.test(dependents) ? Number(dependents) : orNull(dependents),
    youth_in_care: orNull(values.youth_in_care),
    disability: values.disability.trim(),
    citizenship: values.citizenship.trim(),
    highest_education: orNull(values.highest_education),
    indigenous: values.indigenous.trim(),
    status_type: orNull(values.status_type),
    nation: orNull(values.nation),
    reserve: orNull(values.reserve),
    status_number: orNull(values.status_number),
    indigenous_language: orNull(values.indigenous_language),
    consent: values.consent === true,
    centre_id: values.centre_id === '' ? null : Number(values.centre_id),
    // Sent only when chosen: left out, the server assigns the Coordinator taking the intake.
    ...(values.worker_id === '' ? {} : { worker_id: Number(values.worker_id) }),
  };
  if (values.sin.trim() !== '') body.sin = values.sin.trim();
  return applyClientSaveRules(body, values.speaks_indigenous_language === 'Yes');
}

/**
 * The messages of one shared schema (an intake step or the whole client) for these values,
 * checked as they would be sent, so answers that do not apply are not held against the user.
 */
export function clientFormErrors(
  schema: Parameters<typeof schemaValidator>[0],
  values: ClientFormValues,
): FormErrors {
  return schemaValidator(schema)(clientBodyFrom(values));
}
