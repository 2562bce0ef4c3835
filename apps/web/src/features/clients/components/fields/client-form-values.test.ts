import type { Client } from '@cairn/shared/clients.schemas';
import { clientStepSchema } from '@cairn/shared/clients.schemas';
import { describe, expect, it } from 'vitest';
import {
  clientBodyFrom,
  clientFormErrors,
  clientFormValuesFrom,
  emptyClientFormValues,
  type ClientFormValues,
} from './client-form-values.ts';

const filled: ClientFormValues = {
  ...emptyClientFormValues,
  first_name: ' Aiyana ',
  last_name: 'Cardinal',
  disability: 'No',
  citizenship: 'Canadian citizen',
  indigenous: 'Yes',
  status_type: 'Status First Nation',
  nation: 'Peguis',
  reserve: 'Off reserve',
  status_number: '1234',
  speaks_indigenous_language: 'Yes',
  indigenous_language: 'Ojibwe',
  number_dependents: '2',
  consent: true,
};

describe('clientBodyFrom (spec §5 save rules)', () => {
  it('sends empty answers as null and trims text', () => {
    const body = clientBodyFrom(filled);
    expect(body.first_name).toBe('Aiyana');
    expect(body.email).toBeNull();
    expect(body.number_dependents).toBe(2);
    expect(body.centre_id).toBeNull();
  });

  it('clears the ancestry answers when the client is not Indigenous', () => {
    const body = clientBodyFrom({ ...filled, indigenous: 'No' });
    expect(body).toMatchObject({
      status_type: null,
      nation: null,
      reserve: null,
      status_number: null,
      indigenous_language: null,
    });
  });

  it('clears the Indigenous language when the answer to speaking one is No', () => {
    expect(clientBodyFrom({ ...filled, speaks_indigenous_language: 'No' }).indigenous_language).toBeNull();
    expect(clientBodyFrom(filled).indigenous_language).toBe('Ojibwe');
  });

  it('sends the SIN only when one was typed, so an edit keeps the stored one', () => {
    expect('sin' in clientBodyFrom(filled)).toBe(false);
    expect(clientBodyFrom({ ...filled, sin: '193 456 787' }).sin).toBe('193 456 787');
  });
});

describe('clientFormValuesFrom', () => {
  it('answers Yes to speaking an Indigenous language when one is on file (spec §4)', () => {
    const client = { ...clientBodyFrom(filled), consent: true, centre_id: 1 } as unknown as Client;
    expect(clientFormValuesFrom(client).speaks_indigenous_language).toBe('Yes');
    const none = { ...client, indigenous_language: null } as Client;
    expect(clientFormValuesFrom(none).speaks_indigenous_language).toBe('');
  });
});

describe('clientFormErrors', () => {
  it("gives the step schema's spec messages", () => {
    const errors = clientFormErrors(clientStepSchema, { ...filled, first_name: '', sin: '12345' });
    expect(errors.first_name).toBe('This field is required');
    expect(errors.sin).toBe('must be 9 numbers');
  });
});
