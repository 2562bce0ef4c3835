import { z } from 'zod';
import { duplicateScoreSchema } from './duplicates.schemas.ts';
import {
  CITIZENSHIPS,
  EDUCATION_LEVELS,
  GENDERS,
  MARITAL_STATUSES,
  PLAN_STATUSES,
  RESERVES,
  STATUS_TYPES,
  YES_NO,
} from './enums.ts';
import { checkClientListFilter, clientListFilterFields } from './client-list-filters.ts';
import { message } from './messages.ts';
import { PROVINCE_CODES } from './provinces.ts';
import {
  idSchema,
  isoDate,
  isoDateTime,
  optionalChoice,
  optionalChoiceOf,
  optionalPastDate,
  optionalPostalCode,
  optionalSin,
  pageNumber,
  optionalText,
  optionalWholeNumber,
  requiredChoice,
  requiredText,
  fileLanguage,
} from './validators.ts';
import { nameSchemas } from './api-names.ts';
import { workerFilterFields } from './caseloads.schemas.ts';

export const CLIENT_LIMITS = {
  nameMax: 64,
  emailMax: 128,
  phoneMax: 32,
  addressMax: 128,
  cityMax: 64,
  languageMax: 64,
  nationMax: 64,
  statusNumberMax: 32,
  dependentsMax: 99,
} as const;
const L = CLIENT_LIMITS;

const optionalEmail = z
  .string()
  .trim()
  .max(L.emailMax, message('maxLength', { max: L.emailMax }))
  .refine((v) => v === '' || z.regexes.email.test(v), message('email'))
  .nullish()
  .transform((v) => (v ? v : null));

/** Intake step 1, Client (spec §2 New intake, §5 Client). */
export const clientStepSchema = z.object({
  first_name: requiredText(L.nameMax),
  middle_name: optionalText(L.nameMax),
  last_name: requiredText(L.nameMax),
  date_of_birth: optionalPastDate,
  gender: optionalChoice(GENDERS),
  email: optionalEmail,
  phone: optionalText(L.phoneMax),
  address: optionalText(L.addressMax),
  city: optionalText(L.cityMax),
  province: optionalChoice(PROVINCE_CODES),
  postal_code: optionalPostalCode,
  /** Write-only: on update, leaving it out keeps the stored SIN and null clears it. */
  sin: optionalSin.optional(),
});

/** Intake step 2, Demographic. */
export const demographicStepSchema = z.object({
  language_spoken: optionalText(L.languageMax),
  marital_status: optionalChoice(MARITAL_STATUSES),
  number_dependents: optionalWholeNumber(0, L.dependentsMax),
  youth_in_care: optionalChoice(YES_NO),
  disability: requiredChoice(YES_NO),
  citizenship: requiredChoice(CITIZENSHIPS),
  highest_education: optionalChoice(EDUCATION_LEVELS),
});

/** Intake step 3, Ancestry. Answers that only apply to Indigenous clients are cleared on save (spec §5). */
export const ancestryStepSchema = z.object({
  indigenous: requiredChoice(YES_NO),
  status_type: optionalChoice(STATUS_TYPES),
  nation: optionalText(L.nationMax),
  reserve: optionalChoice(RESERVES),
  status_number: optionalText(L.statusNumberMax),
  indigenous_language: optionalText(L.languageMax),
});

/** Intake step 4, Consent: the box 'Consent/release form signed by client *' must be ticked. */
export const consentStepSchema = z.object({
  consent: z.literal(true, { error: message('required') }),
});

const clientFields = clientStepSchema.extend(demographicStepSchema.shape).extend(ancestryStepSchema.shape);

/**
 * POST /clients: the whole intake. A centre other than the caller's may be named by an Admin only.
 * `worker_id` left out: the creating Coordinator (none for an Admin); null: none (caseloads.schemas.ts).
 */
export const clientCreateBodySchema = clientFields.extend({
  ...consentStepSchema.shape,
  centre_id: idSchema().nullish(),
  worker_id: idSchema().nullish(),
});
/** PUT /clients/{id}: the whole client; consent stays as stored when left out. */
export const clientUpdateBodySchema = clientFields.extend({
  consent: z.boolean().optional(),
  centre_id: idSchema().nullish(),
});
export type ClientCreateBody = z.input<typeof clientCreateBodySchema>;
export type ClientUpdateBody = z.input<typeof clientUpdateBodySchema>;

export const clientGroupSchema = z.object({
  group_id: z.number().int(),
  name: z.string(),
  created_at: isoDateTime,
});

/** The Client of spec §3. The SIN itself is never sent: only whether there is one and its mask. */
export const clientSchema = z.object({
  client_id: z.number().int(),
  first_name: z.string(),
  middle_name: z.string().nullable(),
  last_name: z.string(),
  full_name: z.string(),
  date_of_birth: isoDate.nullable(),
  gender: optionalChoiceOf(GENDERS),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  province: optionalChoiceOf(PROVINCE_CODES),
  postal_code: z.string().nullable(),
  has_sin: z.boolean(),
  sin_masked: z.string().nullable(),
  language_spoken: z.string().nullable(),
  marital_status: optionalChoiceOf(MARITAL_STATUSES),
  number_dependents: z.number().int().nullable(),
  youth_in_care: optionalChoiceOf(YES_NO),
  nation: z.string().nullable(),
  disability: optionalChoiceOf(YES_NO),
  citizenship: optionalChoiceOf(CITIZENSHIPS),
  highest_education: optionalChoiceOf(EDUCATION_LEVELS),
  indigenous: optionalChoiceOf(YES_NO),
  status_type: optionalChoiceOf(STATUS_TYPES),
  reserve: optionalChoiceOf(RESERVES),
  indigenous_language: z.string().nullable(),
  status_number: z.string().nullable(),
  consent: z.boolean(),
  centre_id: z.number().int(),
  centre_name: z.string(),
  /** The assigned worker (caseloads.schemas.ts), or none. */
  worker_id: z.number().int().nullable(),
  worker_name: z.string().nullable(),
  groups: z.array(clientGroupSchema),
  plans_count: z.number().int(),
  stories_count: z.number().int(),
  _missing: z.boolean(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Client = z.infer<typeof clientSchema>;

export const clientCreateResponseSchema = z.object({ id: z.number().int(), client: clientSchema });

export const sinRevealResponseSchema = z.object({ sin: z.string() });

/** Sorts of the clients list (spec §2 Clients list); every one is backed by an index. */
export const CLIENT_SORTS = [
  'updated_at',
  'full_name',
  'email',
  'phone',
  'centre_name',
  'recent_plan_status',
] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];
export const CLIENT_PAGE_SIZES = [10, 25, 50, 100] as const;

/** GET /clients query: paged, sorted and searched on the server, and filtered (client-list-filters.ts). */
const clientListBaseSchema = z.object({
  page: pageNumber,
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  /** None: a search's best matches first, else the newest changes first (updated_at). */
  sort_by: z.enum(CLIENT_SORTS).optional(),
  sort_desc: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
  s: z.string().trim().max(128).optional(),
});
export const clientListQuerySchema = clientListBaseSchema
  .extend(clientListFilterFields)
  .extend(workerFilterFields)
  .superRefine(checkClientListFilter);
export type ClientListQuery = z.input<typeof clientListQuerySchema>;

/** GET /clients/export: the list's search, sort and filters, without paging (the whole list). */
export const clientExportQuerySchema = clientListBaseSchema
  .pick({ sort_by: true, sort_desc: true, s: true })
  .extend({ lang: fileLanguage })
  .extend(clientListFilterFields)
  .extend(workerFilterFields)
  .superRefine(checkClientListFilter);
export type ClientExportQuery = z.input<typeof clientExportQuerySchema>;

/** The Client list item of spec §3. */
export const clientListItemSchema = z.object({
  client_id: z.number().int(),
  full_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  centre_name: z.string(),
  worker_id: z.number().int().nullable(),
  worker_name: z.string().nullable(),
  recent_plan_status: optionalChoiceOf(PLAN_STATUSES),
  updated_at: isoDateTime,
  _missing: z.boolean(),
});
export type ClientListItem = z.infer<typeof clientListItemSchema>;
export const clientListResponseSchema = z.object({
  items: z.array(clientListItemSchema),
  total: z.number().int(),
  /**
   * A search matching more clients than it ranks (500): `total` is that cap, and the list holds
   * the best matches only (another word narrows it).
   */
  total_capped: z.boolean(),
});
export type ClientList = z.infer<typeof clientListResponseSchema>;

/** The minimal client of autocompletes: id, name as title, date of birth. */
export const clientOptionSchema = z.object({
  client_id: z.number().int(),
  title: z.string(),
  date_of_birth: isoDate.nullable(),
});
export type ClientOption = z.infer<typeof clientOptionSchema>;
export const clientOptionListSchema = z.array(clientOptionSchema);
export const clientOptionQuerySchema = z.object({
  s: z.string().trim().max(128).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
/** GET /clients/search/{text}: the same answer as GET /clients/minimal?s={text}. */
export const clientSearchParamsSchema = z.object({ text: z.string().trim().max(128) });
export const clientSearchQuerySchema = clientOptionQuerySchema.pick({ limit: true });

/** POST /clients/duplicates: possible duplicates before an intake is saved. */
export const duplicateCheckBodySchema = z.object({
  first_name: z.string().trim().max(L.nameMax).nullish(),
  last_name: z.string().trim().max(L.nameMax).nullish(),
  date_of_birth: optionalPastDate,
  sin: optionalSin,
  email: z.string().trim().max(128).nullish(),
  phone: z.string().trim().max(32).nullish(),
  postal_code: z.string().trim().max(7).nullish(),
  /** Leave out this client (the one being edited). */
  exclude_client_id: idSchema().nullish(),
});
/** A client on file like the one being entered: the matcher's score (0–1) and reasons. */
export const duplicateMatchSchema = duplicateScoreSchema.extend({
  client_id: z.number().int(),
  full_name: z.string(),
  date_of_birth: isoDate.nullable(),
});
export type DuplicateMatch = z.infer<typeof duplicateMatchSchema>;
export const duplicateCheckResponseSchema = z.object({ matches: z.array(duplicateMatchSchema) });
export type DuplicateMatches = z.infer<typeof duplicateCheckResponseSchema>;

// Names in the API description's components.schemas (api-names.ts).
nameSchemas({
  ClientCreateBody: clientCreateBodySchema,
  ClientUpdateBody: clientUpdateBodySchema,
  ClientGroup: clientGroupSchema,
  Client: clientSchema,
  ClientCreateResponse: clientCreateResponseSchema,
  SinRevealResponse: sinRevealResponseSchema,
  ClientListItem: clientListItemSchema,
  ClientListResponse: clientListResponseSchema,
  ClientOption: clientOptionSchema,
  DuplicateCheckBody: duplicateCheckBodySchema,
  DuplicateMatch: duplicateMatchSchema,
  DuplicateCheckResponse: duplicateCheckResponseSchema,
});
