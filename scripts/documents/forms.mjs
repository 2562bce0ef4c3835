// The three printable forms of the Documents page, built from what the app itself asks: the
// questions of the shared schemas (required when the schema refuses a blank answer), the choices of
// the shared enumerations, the labels of the web's catalogues, and the barriers of the catalogue as
// the migrations seed it. Each is built in one language from its words (words.mjs): the field names
// and a choice's values are the app's in every language, so a filled form maps to the same
// questions and stored answers; the labels, paragraphs and hints are the language's. Run under tsx
// (it imports TypeScript).
import { documentAddress } from '../../packages/shared/src/documents.ts';
import {
  ancestryStepSchema,
  clientStepSchema,
  consentStepSchema,
  demographicStepSchema,
} from '../../packages/shared/src/clients.schemas.ts';
import {
  CITIZENSHIPS,
  CURRENT_EMPLOYMENT,
  EDUCATION_LEVELS,
  GENDERS,
  MARITAL_STATUSES,
  PLAN_EMPLOYMENT_TYPES,
  RESERVES,
  STATUS_TYPES,
  TRANSPORTATION_MODES,
  YES_NO,
} from '../../packages/shared/src/enums.ts';
import { planInfoSchema } from '../../packages/shared/src/plans.schemas.ts';
import { FIRST_LOCALE } from '../../packages/shared/src/locales.ts';
import { PROVINCE_CODES } from '../../packages/shared/src/provinces.ts';

/** The web's rule (lib/choice-options.ts): the catalogue's label for a value, else the value. */
const labelled = (labels, values) => values.map((value) => ({ value, label: labels?.[value] ?? value }));
const required = (schema, field) => !schema.shape[field].safeParse(undefined).success;

const CLIENT_CHOICES = {
  gender: GENDERS,
  province: PROVINCE_CODES,
  marital_status: MARITAL_STATUSES,
  youth_in_care: YES_NO,
  disability: YES_NO,
  citizenship: CITIZENSHIPS,
  highest_education: EDUCATION_LEVELS,
  indigenous: YES_NO,
  status_type: STATUS_TYPES,
  reserve: RESERVES,
};

/** A step's questions in the schema's order, as the intake asks them. */
function questions(schema, { choices, labels, options, hints = {} }) {
  return Object.keys(schema.shape).flatMap((field) => {
    const base = { label: labels[field] ?? field, required: required(schema, field), hint: hints[field] };
    if (choices[field]) {
      const key =
        field === 'youth_in_care' || field === 'disability' || field === 'indigenous' ? 'yes_no' : field;
      return [{ ...base, choice: field, options: labelled(options[key], choices[field]) }];
    }
    if (field === 'indigenous_language') {
      // The intake first asks whether the client speaks one, then which.
      return [
        {
          choice: 'speaks_indigenous_language',
          label: labels.speaks_indigenous_language,
          options: labelled(options.yes_no, YES_NO),
        },
        { ...base, text: field },
      ];
    }
    return [{ ...base, text: field }];
  });
}

export function intakeForm(words) {
  const clients = words.catalogue('clients');
  const client = {
    choices: CLIENT_CHOICES,
    labels: clients.fields,
    options: clients.options,
    hints: {
      date_of_birth: words.t('dateFormat'),
      postal_code: clients.fields.hints.postal_code,
      sin: words.t('intake.sinHint'),
    },
  };
  const steps = clients.intake.steps;
  const step = (number, name) => words.t('step', { number, name });
  return {
    file: 'intake_form.pdf',
    title: words.t('intake.title'),
    subtitle: words.t('intake.subtitle'),
    sections: [
      { heading: words.t('aboutForm'), items: [{ paragraph: words.t('intake.about') }] },
      { heading: step(1, steps.client), items: questions(clientStepSchema, client) },
      { heading: step(2, steps.demographic), items: questions(demographicStepSchema, client) },
      { heading: step(3, steps.ancestry), items: questions(ancestryStepSchema, client) },
      {
        heading: step(4, steps.consent),
        items: [
          { paragraph: clients.intake.consent.notice },
          {
            paragraph: words.t('intake.noticeAt', {
              address: documentAddress('collection_notice.pdf', words.locale),
            }),
          },
          ...Object.keys(consentStepSchema.shape).map((field) => ({
            check: field,
            label: clients.fields[field],
            required: required(consentStepSchema, field),
          })),
          { signature: 'staff_signature', label: words.t('intake.staffSignature') },
        ],
      },
    ],
  };
}

/**
 * A barrier's name in the form's language: its French name where the catalogue has one (the
 * `name_fr` of the seeded rows, once seededBarriers reads it), else the name as stored, which is
 * English. The box's field name is made of the stored name, the same in every language.
 */
const barrierName = (barrier, locale) =>
  locale === FIRST_LOCALE ? barrier.name : (barrier[`name_${locale}`] ?? barrier.name);

/** The plan form, from the seeded barriers (seededBarriers, read once for every language). */
export function planForm(words, barriers) {
  const plans = words.catalogue('plans');
  const planItems = words.catalogue('plan-items');
  const planRecords = words.catalogue('plan-records');
  const categories = [...new Set(barriers.map((b) => b.category))];
  const choices = {
    current_employment: CURRENT_EMPLOYMENT,
    employment_type: PLAN_EMPLOYMENT_TYPES,
    apprentice: YES_NO,
    accessing_supports: YES_NO,
    relocate: YES_NO,
    transportation: TRANSPORTATION_MODES,
  };
  const info = Object.keys(planInfoSchema.shape).map((field) => {
    const base = { label: plans.fields[field] ?? field, required: required(planInfoSchema, field) };
    if (!choices[field]) return { ...base, text: field, hint: words.t('dateFormat') };
    const hint = field === 'employment_type' ? words.t('plan.employmentTypeHint') : undefined;
    return { ...base, hint, choice: field, options: labelled(plans.options, choices[field]) };
  });
  const slug = (name) =>
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '');
  return {
    file: 'plan_form.pdf',
    title: words.t('plan.title'),
    subtitle: words.t('plan.subtitle'),
    sections: [
      {
        heading: words.t('aboutForm'),
        items: [
          { paragraph: words.t('plan.match') },
          { text: 'client_name', label: words.t('clientName'), required: true },
          { text: 'client_date_of_birth', label: words.t('dateOfBirth'), hint: words.t('dateFormat') },
          { paragraph: words.t('plan.about') },
        ],
      },
      { heading: words.t('step', { number: 1, name: plans.wizard.headings.info }), items: info },
      {
        heading: words.t('step', { number: 2, name: plans.wizard.headings.barriers }),
        items: [
          { paragraph: words.t('plan.barriers') },
          ...categories.flatMap((category) => {
            const inCategory = barriers.filter((b) => b.category === category);
            const other = inCategory.find((b) => b.is_other);
            return [
              {
                checks: true,
                label: planItems.categories?.[category] ?? category,
                options: inCategory.map((b) => ({
                  name: `barrier_${slug(b.name)}`,
                  label: barrierName(b, words.locale),
                })),
              },
              ...(other ? [{ text: 'barrier_other_name', label: words.t('plan.otherBarrier') }] : []),
            ];
          }),
        ],
      },
      {
        heading: words.t('plan.notes'),
        items: [{ text: 'notes', label: planRecords.notes.fields.notes, lines: 4 }],
      },
    ],
  };
}

export function consentForm(words) {
  const t = (key) => words.t(`consent.${key}`);
  return {
    file: 'consent_form.pdf',
    title: t('title'),
    subtitle: t('subtitle'),
    sections: [
      {
        heading: t('client'),
        items: [
          { text: 'client_name', label: words.t('clientName'), required: true },
          { text: 'client_date_of_birth', label: words.t('dateOfBirth'), hint: words.t('dateFormat') },
        ],
      },
      { heading: t('consent'), items: [{ paragraph: t('agree') }, { paragraph: t('understand') }] },
      {
        heading: t('release'),
        items: [
          { paragraph: t('allow') },
          {
            checks: true,
            options: ['training_providers', 'employers', 'funders', 'other_agencies'].map((to) => ({
              name: `release_${to}`,
              label: t(`releaseTo.${to}`),
            })),
          },
          { text: 'release_other_names', label: t('otherNames'), lines: 2 },
          { text: 'consent_expires', label: t('expires'), hint: t('expiresHint') },
        ],
      },
      {
        heading: t('signatures'),
        items: [
          { signature: 'client_signature', label: t('clientSignature') },
          { text: 'witness_name', label: t('witnessName') },
          { signature: 'witness_signature', label: t('witnessSignature') },
        ],
      },
    ],
  };
}
