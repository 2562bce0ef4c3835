import { describe, expect, it } from 'vitest';
import { applyPlanSaveRules, dedupePlanItems, isPlanMissingInfo, planMissingFields } from './plan-rules.ts';

describe('plan missing flag (spec §3)', () => {
  it('is clear when current employment and apprentice are answered', () => {
    expect(isPlanMissingInfo({ current_employment: 'Unemployed', apprentice: 'No' })).toBe(false);
    expect(
      isPlanMissingInfo({ current_employment: 'Employed', employment_type: 'Casual', apprentice: 'Yes' }),
    ).toBe(false);
  });

  it('is set when current employment or apprentice is empty', () => {
    expect(planMissingFields({ current_employment: null, apprentice: 'No' })).toEqual(['current_employment']);
    expect(planMissingFields({ current_employment: 'Unemployed', apprentice: ' ' })).toEqual(['apprentice']);
  });

  it('is set when Employed has no employment type', () => {
    expect(
      planMissingFields({ current_employment: 'Employed', employment_type: null, apprentice: 'No' }),
    ).toEqual(['employment_type']);
  });
});

describe('applyPlanSaveRules (spec §4)', () => {
  it('keeps the employment type for Employed and clears it otherwise', () => {
    const employed = { current_employment: 'Employed', employment_type: 'Seasonal' };
    expect(applyPlanSaveRules(employed)).toEqual(employed);
    expect(applyPlanSaveRules({ current_employment: 'Self-employed', employment_type: 'Seasonal' })).toEqual({
      current_employment: 'Self-employed',
      employment_type: null,
    });
  });
});

describe('dedupePlanItems (spec §9)', () => {
  const OTHER = 9;
  const item = (id: number, other_name: string | null = null) => ({
    id,
    is_other: id === OTHER,
    other_name,
  });
  const dedupe = (items: ReturnType<typeof item>[]) => dedupePlanItems(items, (i) => i);

  it('drops a second copy of an ordinary item, keeping the first in its place', () => {
    expect(dedupe([item(1), item(2), item(1)])).toEqual([item(1), item(2)]);
  });

  it('lets Other repeat once per name', () => {
    const items = [item(OTHER, 'Child care'), item(1), item(OTHER, 'Tools')];
    expect(dedupe(items)).toEqual(items);
  });

  it('drops an Other whose name repeats, whatever its case or spaces', () => {
    expect(dedupe([item(OTHER, 'Child care'), item(OTHER, ' child CARE ')])).toEqual([
      item(OTHER, 'Child care'),
    ]);
  });

  it('drops an ordinary item given an other_name as a duplicate all the same', () => {
    expect(dedupe([item(1, 'a'), item(1, 'b')])).toEqual([item(1, 'a')]);
  });

  it('goes by the flag, not the name: a renamed Other repeats, an ordinary item named Other does not', () => {
    const autre = (other_name: string) => ({ id: OTHER, name: 'Autre', is_other: true, other_name });
    const named = (other_name: string) => ({ id: 1, name: 'Other', is_other: false, other_name });
    expect(dedupePlanItems([autre('Tools'), autre('Rent')], (i) => i)).toHaveLength(2);
    expect(dedupePlanItems([named('Tools'), named('Rent')], (i) => i)).toEqual([named('Tools')]);
  });
});
