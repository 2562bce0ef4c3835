import type { TFunction } from 'i18next';

/**
 * How a report's series words its keys (the reports screen, and the clients list a report's bar
 * opens): an enumeration's stored values through the choice labels the forms already use
 * (lib/choice-options.ts), or the reports' own groups.
 */
const KEY_CATALOGUES: Partial<Record<string, string>> = {
  gender: 'clients:options.gender',
  status_type: 'clients:options.status_type',
  reserve: 'clients:options.reserve',
  education: 'clients:options.highest_education',
  citizenship: 'clients:options.citizenship',
  province: 'clients:options.province',
  age_band: 'reports:ageBands',
  current_employment: 'plans:options',
  barriers_by_category: 'mappings:categories',
  supports_by_category: 'mappings:categories',
  program_outcome: 'plan-records:outcome.options.program_outcome',
  incomplete_reason: 'plan-records:outcome.options.incomplete_reason',
  post_program_status: 'plan-records:outcome.options.post_program_status',
  retention: 'reports:retentionMeasures',
};

/** Retention's keys are months after the outcome (its groups, measures: KEY_CATALOGUES). */
const MONTHS_AFTER = /^\d{1,3}$/;

/** The catalogues the words come from. */
export const REPORT_KEY_NAMESPACES = ['reports', 'clients', 'plans', 'plan-records', 'mappings'] as const;

/** A series' key as the reader sees it (not a month's nor a fiscal year's): translated, else as sent. */
export function reportKeyText(
  t: TFunction<typeof REPORT_KEY_NAMESPACES>,
  series: string,
  key: string,
): string {
  if (series === 'retention' && MONTHS_AFTER.test(key))
    return t('reports:retentionMonths', { count: Number(key) });
  const catalogue = KEY_CATALOGUES[series];
  const keys = [`reports:keys.${key}`];
  if (catalogue) keys.unshift(`${catalogue}.${key}`);
  return t(keys, { defaultValue: key });
}
