/** The fields the plan missing flag looks at (spec §3). */
export interface PlanMissingFields {
  current_employment?: string | null;
  employment_type?: string | null;
  apprentice?: string | null;
}

const empty = (v: string | null | undefined) => v == null || v.trim() === '';

/** The plan answers that are missing, for the red icons of the Plan Info tab. */
export function planMissingFields(p: PlanMissingFields): Array<keyof PlanMissingFields> {
  const missing: Array<keyof PlanMissingFields> = [];
  if (empty(p.current_employment)) missing.push('current_employment');
  if (p.current_employment === 'Employed' && empty(p.employment_type)) missing.push('employment_type');
  if (empty(p.apprentice)) missing.push('apprentice');
  return missing;
}

/**
 * Spec §3: a plan misses information when current employment or apprentice is empty, or the
 * client is Employed and the employment type is empty.
 */
export function isPlanMissingInfo(p: PlanMissingFields): boolean {
  return planMissingFields(p).length > 0;
}

/** Spec §4: the employment type belongs to Employed only; any other answer clears it on save. */
export function applyPlanSaveRules<
  T extends { current_employment: string | null; employment_type: string | null },
>(plan: T): T {
  return plan.current_employment === 'Employed' ? plan : { ...plan, employment_type: null };
}

/** A plan barrier or support: which catalogue item and, for 'Other', the client's own name for it. */
export interface PlanItemKey {
  id: number;
  /** The catalogue item is its list's 'Other' (catalogue.schemas.ts isOtherField). */
  is_other: boolean;
  other_name: string | null;
}

/**
 * Spec §9: the 'Other' item may repeat on a plan, once per name it is given; any other item
 * appears once. Later duplicates are dropped, the first one of each is kept in its place. Names
 * compare without regard to case or surrounding spaces, as a reader would.
 */
export function dedupePlanItems<T>(items: readonly T[], key: (item: T) => PlanItemKey): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    const id = k.is_other ? `${k.id}:${(k.other_name ?? '').trim().toLowerCase()}` : String(k.id);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
