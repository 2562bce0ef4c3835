import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ancestryStepSchema,
  clientCreateBodySchema,
  clientListQuerySchema,
  clientOptionQuerySchema,
  clientSearchParamsSchema,
  clientStepSchema,
  clientUpdateBodySchema,
  consentStepSchema,
  demographicStepSchema,
  duplicateCheckBodySchema,
} from './clients.schemas.ts';
import { todayIso } from './dates.ts';
import { englishOf } from './wording.ts';

/** Each failing field with its first message. */
function messages(schema: z.ZodType, value: unknown): Record<string, string> {
  const r = schema.safeParse(value);
  const out: Record<string, string> = {};
  for (const issue of r.error?.issues ?? []) out[issue.path.join('.')] ??= englishOf(issue.message);
  return out;
}

const tomorrow = todayIso(new Date(Date.now() + 2 * 86_400_000));

describe('intake step 1, Client', () => {
  const valid = { first_name: 'Ada', last_name: 'Lovelace' };

  it('needs first and last name and nothing else', () => {
    expect(messages(clientStepSchema, {})).toEqual({
      first_name: 'This field is required',
      last_name: 'This field is required',
    });
    expect(clientStepSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['first_name', ' ', 'This field is required'],
    ['first_name', 'f'.repeat(65), 'must be less than 64 characters'],
    ['middle_name', 'm'.repeat(65), 'must be less than 64 characters'],
    ['last_name', 'l'.repeat(65), 'must be less than 64 characters'],
    ['email', 'ada-at-example', 'must be an email'],
    ['email', `${'e'.repeat(120)}@example.ca`, 'must be less than 128 characters'],
    ['phone', '1'.repeat(33), 'must be less than 32 characters'],
    ['address', 'a'.repeat(129), 'must be less than 128 characters'],
    ['city', 'c'.repeat(65), 'must be less than 64 characters'],
    ['province', 'XX', 'must be one of the listed answers'],
    ['postal_code', 'K1A 0B1', 'must not contain any spaces'],
    ['postal_code', 'Z1A0B1', 'must be a valid postal code'],
    ['date_of_birth', tomorrow, "Date can't be in the future"],
    ['date_of_birth', '2025-02-29', 'must be a valid date'],
    ['sin', '12345678', 'must be 9 numbers'],
    ['sin', '1234567890', 'must be 9 numbers'],
    ['sin', '099999999', 'must be 9 numbers'],
    ['sin', '12345678a', 'must be 9 numbers'],
    ['gender', 'Unknown', 'must be one of the listed answers'],
  ])('%s %j: %s', (field, value, message) => {
    expect(messages(clientStepSchema, { ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it('reads a SIN written with spaces or dashes as its nine digits', () => {
    expect(clientStepSchema.parse({ ...valid, sin: '130 692 544' }).sin).toBe('130692544');
    expect(clientStepSchema.parse({ ...valid, sin: '130-692-544' }).sin).toBe('130692544');
    expect(clientStepSchema.parse({ ...valid, sin: '999999999' }).sin).toBe('999999999');
  });

  it('accepts today as a date of birth', () => {
    expect(clientStepSchema.parse({ ...valid, date_of_birth: todayIso() }).date_of_birth).toBe(todayIso());
  });
});

describe('intake step 2, Demographic', () => {
  const valid = { disability: 'No', citizenship: 'Permanent resident' };

  it('needs disability and citizenship', () => {
    expect(messages(demographicStepSchema, {})).toEqual({
      disability: 'This field is required',
      citizenship: 'This field is required',
    });
    expect(messages(demographicStepSchema, { disability: '', citizenship: '' })).toEqual({
      disability: 'This field is required',
      citizenship: 'This field is required',
    });
    expect(demographicStepSchema.safeParse(valid).success).toBe(true);
  });

  it('takes the number of dependents as a whole number from 0 to 99', () => {
    expect(demographicStepSchema.parse({ ...valid, number_dependents: '3' }).number_dependents).toBe(3);
    expect(demographicStepSchema.parse({ ...valid, number_dependents: 0 }).number_dependents).toBe(0);
    expect(demographicStepSchema.parse({ ...valid, number_dependents: '' }).number_dependents).toBeNull();
    for (const bad of ['two', '2.5', 1.5, '-1']) {
      expect(messages(demographicStepSchema, { ...valid, number_dependents: bad })).toEqual({
        number_dependents: 'must be a whole number',
      });
    }
    expect(messages(demographicStepSchema, { ...valid, number_dependents: '100' })).toEqual({
      number_dependents: 'must be between 0 and 99',
    });
  });

  it('refuses answers that are not offered', () => {
    expect(messages(demographicStepSchema, { ...valid, citizenship: 'Visitor' })).toEqual({
      citizenship: 'must be one of the listed answers',
    });
    expect(messages(demographicStepSchema, { ...valid, highest_education: 'PhD' })).toEqual({
      highest_education: 'must be one of the listed answers',
    });
  });
});

describe('intake step 3, Ancestry', () => {
  it('needs the indigenous answer', () => {
    expect(messages(ancestryStepSchema, {})).toEqual({ indigenous: 'This field is required' });
    expect(ancestryStepSchema.safeParse({ indigenous: 'No' }).success).toBe(true);
  });

  it('limits the ancestry answers', () => {
    expect(messages(ancestryStepSchema, { indigenous: 'Yes', status_type: 'Other' })).toEqual({
      status_type: 'must be one of the listed answers',
    });
    expect(messages(ancestryStepSchema, { indigenous: 'Yes', reserve: 'Nearby' })).toEqual({
      reserve: 'must be one of the listed answers',
    });
    expect(messages(ancestryStepSchema, { indigenous: 'Yes', indigenous_language: 'l'.repeat(65) })).toEqual({
      indigenous_language: 'must be less than 64 characters',
    });
  });
});

describe('intake step 4, Consent', () => {
  it('needs the box ticked', () => {
    expect(messages(consentStepSchema, {})).toEqual({ consent: 'This field is required' });
    expect(messages(consentStepSchema, { consent: false })).toEqual({ consent: 'This field is required' });
    expect(consentStepSchema.parse({ consent: true })).toEqual({ consent: true });
  });
});

describe('the whole intake and the update', () => {
  const intake = {
    first_name: ' Ada ',
    last_name: 'Lovelace',
    disability: 'No',
    citizenship: 'Canadian citizen',
    indigenous: 'No',
    consent: true,
  };

  it('needs every step’s required answers on create', () => {
    expect(Object.keys(messages(clientCreateBodySchema, {})).sort()).toEqual([
      'citizenship',
      'consent',
      'disability',
      'first_name',
      'indigenous',
      'last_name',
    ]);
  });

  it('turns empty strings into null and trims (spec §5)', () => {
    const parsed = clientCreateBodySchema.parse({
      ...intake,
      middle_name: '',
      email: '',
      phone: ' ',
      province: '',
      postal_code: '',
      sin: '',
      date_of_birth: '',
      gender: '',
    });
    expect(parsed).toMatchObject({
      first_name: 'Ada',
      middle_name: null,
      email: null,
      phone: null,
      province: null,
      postal_code: null,
      sin: null,
      date_of_birth: null,
      gender: null,
    });
  });

  it('reads centre_id as a number', () => {
    expect(clientCreateBodySchema.parse({ ...intake, centre_id: '2' }).centre_id).toBe(2);
    expect(clientCreateBodySchema.parse(intake).centre_id).toBeUndefined();
  });

  it('on update, tells a SIN left out (keep) from null (clear), and leaves consent optional', () => {
    const { consent: _consent, ...body } = intake;
    const kept = clientUpdateBodySchema.parse(body);
    expect('sin' in kept).toBe(false);
    expect(kept.consent).toBeUndefined();
    expect(clientUpdateBodySchema.parse({ ...body, sin: null }).sin).toBeNull();
    expect(clientUpdateBodySchema.parse({ ...body, sin: '130692544' }).sin).toBe('130692544');
    expect(messages(clientUpdateBodySchema, { ...body, sin: '1306' })).toEqual({ sin: 'must be 9 numbers' });
  });
});

describe('list, autocomplete and duplicate-check queries', () => {
  it('defaults the list to page 1 of 25, order and direction left to the server', () => {
    // No column: a search's best matches first, else the newest changes (clients.service.ts listOrder).
    expect(clientListQuerySchema.parse({})).toEqual({
      page: 1,
      per_page: 25,
      sort_by: undefined,
      sort_desc: undefined,
    });
  });

  it('reads the query string', () => {
    expect(
      clientListQuerySchema.parse({
        page: '3',
        per_page: '50',
        sort_by: 'full_name',
        sort_desc: 'false',
        s: ' zoe ',
      }),
    ).toEqual({ page: 3, per_page: 50, sort_by: 'full_name', sort_desc: false, s: 'zoe' });
    expect(clientListQuerySchema.parse({ sort_desc: '1' }).sort_desc).toBe(true);
  });

  it('refuses unknown sorts and out-of-range pages', () => {
    expect(clientListQuerySchema.safeParse({ sort_by: 'sin' }).success).toBe(false);
    expect(clientListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(clientListQuerySchema.safeParse({ per_page: '101' }).success).toBe(false);
    expect(clientListQuerySchema.safeParse({ sort_desc: 'yes' }).success).toBe(false);
  });

  it('limits autocompletes to 20 by default and 50 at most', () => {
    expect(clientOptionQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(clientOptionQuerySchema.parse({ s: 'ada', limit: '50' })).toEqual({ s: 'ada', limit: 50 });
    expect(clientOptionQuerySchema.safeParse({ limit: '51' }).success).toBe(false);
    expect(clientSearchParamsSchema.parse({ text: ' ada ' })).toEqual({ text: 'ada' });
  });

  it('checks the duplicate query’s SIN and date like the intake does', () => {
    expect(messages(duplicateCheckBodySchema, { sin: '12' })).toEqual({ sin: 'must be 9 numbers' });
    expect(messages(duplicateCheckBodySchema, { date_of_birth: tomorrow })).toEqual({
      date_of_birth: "Date can't be in the future",
    });
    expect(duplicateCheckBodySchema.parse({ sin: '130 692 544', exclude_client_id: '7' })).toMatchObject({
      sin: '130692544',
      exclude_client_id: 7,
    });
  });
});
