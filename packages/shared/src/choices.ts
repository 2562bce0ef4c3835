import { BARRIER_CATEGORIES, SUPPORT_CATEGORIES } from './catalogue.schemas.ts';
import {
  CITIZENSHIPS,
  CURRENT_EMPLOYMENT,
  EDUCATION_LEVELS,
  FOLLOW_UP_HOURS,
  GENDERS,
  INCOMPLETE_REASONS,
  MARITAL_STATUSES,
  OUTCOME_EMPLOYMENT_TYPES,
  PLAN_EMPLOYMENT_TYPES,
  PLAN_STATUSES,
  POST_PROGRAM_STATUSES,
  PROGRAM_OUTCOMES,
  RESERVES,
  STATUS_TYPES,
  TRANSPORTATION_MODES,
  YES_NO,
} from './enums.ts';
import { PROVINCE_CODES } from './provinces.ts';
import type { ChoiceList } from './wording.ts';

/**
 * The stored values of each list of choices `locales/<locale>/choices.json` labels (issue 34):
 * one place for the labels of every stored choice, in each language, for what the server writes
 * (the ministry file, the client list export, the import template) and what it reads back (an
 * import's cells, in either language). The values themselves never change.
 */
export const CHOICE_LISTS = {
  yes_no: YES_NO,
  gender: GENDERS,
  citizenship: CITIZENSHIPS,
  highest_education: EDUCATION_LEVELS,
  status_type: STATUS_TYPES,
  reserve: RESERVES,
  marital_status: MARITAL_STATUSES,
  current_employment: CURRENT_EMPLOYMENT,
  plan_employment_type: PLAN_EMPLOYMENT_TYPES,
  transportation: TRANSPORTATION_MODES,
  plan_status: PLAN_STATUSES,
  program_outcome: PROGRAM_OUTCOMES,
  incomplete_reason: INCOMPLETE_REASONS,
  post_program_status: POST_PROGRAM_STATUSES,
  outcome_employment_type: OUTCOME_EMPLOYMENT_TYPES,
  follow_up_hours: FOLLOW_UP_HOURS,
  support_category: SUPPORT_CATEGORIES,
  barrier_category: BARRIER_CATEGORIES,
  province: PROVINCE_CODES,
} as const satisfies Record<ChoiceList, readonly string[]>;
