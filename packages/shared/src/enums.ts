/** The enumerations of spec §3, in the order the screens offer them. */
export const YES_NO = ['Yes', 'No'] as const;
export type YesNo = (typeof YES_NO)[number];

export const GENDERS = ['Male', 'Female', 'Other'] as const;
export const CITIZENSHIPS = ['Canadian citizen', 'Permanent resident', 'Protected person'] as const;
export const EDUCATION_LEVELS = [
  'None',
  'Some highschool',
  'Highschool diploma',
  'Some university/college',
  'University/college diploma',
  "Bachelor's degree",
  'Post-grad degree',
] as const;
export const STATUS_TYPES = ['Status First Nation', 'Non-status First Nation', 'Métis', 'Inuit'] as const;
export const RESERVES = ['On reserve', 'Off reserve'] as const;
/** Not enumerated by the spec; the categories of Statistics Canada's census. */
export const MARITAL_STATUSES = [
  'Single',
  'Married',
  'Common-law',
  'Separated',
  'Divorced',
  'Widowed',
] as const;

export const CURRENT_EMPLOYMENT = [
  'Unemployed',
  'Employed',
  'Self-employed',
  'Not in the labour force',
] as const;
export const PLAN_EMPLOYMENT_TYPES = [
  'Casual',
  'Seasonal',
  'Temporary',
  'Insufficient hours',
  'Permanent',
] as const;
/** Not enumerated by the spec: how the client gets to work and training (plan info). */
export const TRANSPORTATION_MODES = [
  'Own vehicle',
  'Public transit',
  'Walks or cycles',
  'Rides with family or friends',
  'No reliable transportation',
] as const;
export const PLAN_STATUSES = ['Open', 'Closed'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export const PROGRAM_OUTCOMES = ['Complete', 'Incomplete', 'Cancelled', 'Rescheduled'] as const;
export const INCOMPLETE_REASONS = [
  'Gained employment',
  'Medical issues',
  'Job demands',
  'Attending school',
  'Family reasons',
  'Moved',
  'Personal reasons',
  'Other',
] as const;
export const POST_PROGRAM_STATUSES = [
  'Unemployed but available for work',
  'Employed',
  'Self-employed',
  'Returned to school',
  'Unspecified - Participant could not be reached',
  'Not in the labour force',
  'Starting a new action plan',
] as const;
export const OUTCOME_EMPLOYMENT_TYPES = [
  'Casual',
  'Seasonal',
  'Temporary',
  'Permanent',
  'Prefer not to report',
] as const;
/** Full or part time, as a follow-up records it. */
export const FOLLOW_UP_HOURS = ['Full time', 'Part time'] as const;
/** A follow-up's status, derived from its due date, the day and what was recorded. */
export const FOLLOW_UP_STATUSES = ['due', 'overdue', 'done', 'unreachable'] as const;
