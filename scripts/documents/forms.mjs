// The three printable forms of the Documents page, built from what the app itself asks: the
// questions of the shared schemas (required when the schema refuses a blank answer), the choices of
// the shared enumerations, the labels of the web's English catalogues, and the barriers of the
// catalogue as the migrations seed it. Run under tsx (it imports TypeScript).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
import { PROVINCE_CODES } from '../../packages/shared/src/provinces.ts';
import { seededBarriers } from '../../apps/server/src/db/seed/seeded-catalogue.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const catalogue = (name) =>
  JSON.parse(readFileSync(path.join(root, 'apps/web/src/locales/en', `${name}.json`), 'utf8'));
const clients = catalogue('clients');
const plans = catalogue('plans');
const planItems = catalogue('plan-items');
const planRecords = catalogue('plan-records');

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
const CLIENT_HINTS = {
  date_of_birth: 'YYYY-MM-DD',
  postal_code: clients.fields.hints.postal_code,
  sin: '9 digits. Entered into Cairn encrypted; only the last three digits are shown afterwards.',
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

export function intakeForm() {
  const client = {
    choices: CLIENT_CHOICES,
    labels: clients.fields,
    options: clients.options,
    hints: CLIENT_HINTS,
  };
  const steps = clients.intake.steps;
  return {
    file: 'intake_form.pdf',
    title: 'Client Intake Form',
    subtitle: 'The four steps of a new client intake in Cairn',
    sections: [
      {
        heading: 'About this form',
        items: [
          {
            paragraph:
              'Use this form to take an intake on paper, then enter it into Cairn (Clients, New Client). Its questions are the four steps of the intake, in the same order. Questions marked with * are required. Ancestry, Nation, Reserve, Status Number and the Indigenous language apply only when the client answers Yes to Indigenous.',
          },
        ],
      },
      { heading: `Step 1: ${steps.client}`, items: questions(clientStepSchema, client) },
      { heading: `Step 2: ${steps.demographic}`, items: questions(demographicStepSchema, client) },
      { heading: `Step 3: ${steps.ancestry}`, items: questions(ancestryStepSchema, client) },
      {
        heading: `Step 4: ${steps.consent}`,
        items: [
          { paragraph: clients.intake.consent.notice },
          {
            paragraph:
              'The collection notice is at /documents/collection_notice.pdf; the consent and release text is the Client Consent Form.',
          },
          ...Object.keys(consentStepSchema.shape).map((field) => ({
            check: field,
            label: clients.fields[field],
            required: required(consentStepSchema, field),
          })),
          { signature: 'staff_signature', label: 'Signature of the staff member taking the intake' },
        ],
      },
    ],
  };
}

export async function planForm() {
  const barriers = await seededBarriers();
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
    if (!choices[field]) return { ...base, text: field, hint: 'YYYY-MM-DD' };
    const hint = field === 'employment_type' ? 'Only when Current Employment is Employed.' : undefined;
    return { ...base, hint, choice: field, options: labelled(undefined, choices[field]) };
  });
  const slug = (name) =>
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '');
  return {
    file: 'plan_form.pdf',
    title: 'New Plan Form',
    subtitle: 'Plan info and barriers, as the new plan wizard asks them',
    sections: [
      {
        heading: 'About this form',
        items: [
          { paragraph: 'Client name and date of birth, to match the plan to the client in Cairn:' },
          { text: 'client_name', label: 'Client name', required: true },
          { text: 'client_date_of_birth', label: 'Date of birth', hint: 'YYYY-MM-DD' },
          {
            paragraph:
              'A client has one open plan at a time. Questions marked with * are required. Enter the answers in Cairn from the client profile with New Plan.',
          },
        ],
      },
      { heading: `Step 1: ${plans.wizard.headings.info}`, items: info },
      {
        heading: `Step 2: ${plans.wizard.headings.barriers}`,
        items: [
          {
            paragraph:
              'Tick every barrier that applies. This list is the catalogue of barriers as Cairn shipped it when this form was built; your centre may have added or disabled some since (Mappings).',
          },
          ...categories.flatMap((category) => {
            const inCategory = barriers.filter((b) => b.category === category);
            const other = inCategory.find((b) => b.is_other);
            return [
              {
                checks: true,
                label: planItems.categories?.[category] ?? category,
                options: inCategory.map((b) => ({ name: `barrier_${slug(b.name)}`, label: b.name })),
              },
              ...(other ? [{ text: 'barrier_other_name', label: 'Name of the Other barrier' }] : []),
            ];
          }),
        ],
      },
      {
        heading: 'Notes',
        items: [{ text: 'notes', label: planRecords.notes?.fields?.notes ?? 'Notes', lines: 4 }],
      },
    ],
  };
}

export function consentForm() {
  return {
    file: 'consent_form.pdf',
    title: 'Client Consent Form',
    subtitle: 'Consent to the collection, use and release of personal information',
    sections: [
      {
        heading: 'Client',
        items: [
          { text: 'client_name', label: 'Client name', required: true },
          { text: 'client_date_of_birth', label: 'Date of birth', hint: 'YYYY-MM-DD' },
        ],
      },
      {
        heading: 'Consent',
        items: [
          {
            paragraph:
              'I agree that this centre may collect and use my personal information to confirm my eligibility, to plan and deliver employment and training services with me, to contact me about them, and to report to the government bodies that fund the program, as described in the Notice of Collection of Personal Information, which I have received and which was explained to me.',
          },
          {
            paragraph:
              'I understand that my Social Insurance Number is collected only when a program needs it, is stored encrypted, and is never shown in lists or reports. I understand that questions about disability and Indigenous identity are voluntary unless a program requires them, and that I may ask why a question is asked before I answer.',
          },
        ],
      },
      {
        heading: 'Release of information',
        items: [
          {
            paragraph:
              'I allow the centre to share the information needed for my services with the organizations I tick below, and to receive information about my participation from them. I may withdraw this consent at any time by telling a staff member; withdrawing it does not undo what was shared before.',
          },
          {
            checks: true,
            options: [
              { name: 'release_training_providers', label: 'Training providers' },
              { name: 'release_employers', label: 'Employers' },
              { name: 'release_funders', label: 'Program funders' },
              { name: 'release_other_agencies', label: 'Other agencies (name them below)' },
            ],
          },
          { text: 'release_other_names', label: 'Other organizations', lines: 2 },
          {
            text: 'consent_expires',
            label: 'This consent ends on',
            hint: 'YYYY-MM-DD; leave blank for the end of my services',
          },
        ],
      },
      {
        heading: 'Signatures',
        items: [
          { signature: 'client_signature', label: 'Signature of the client' },
          { text: 'witness_name', label: 'Staff member (name)' },
          { signature: 'witness_signature', label: 'Signature of the staff member' },
        ],
      },
    ],
  };
}
