import type { Plan } from '@cairn/shared/plans.schemas';
import { describe, expect, it } from 'vitest';
import {
  emptyPlanInfo,
  planInfoBodyFrom,
  planInfoErrors,
  planInfoFormValuesFrom,
} from './plan-info-form-values.ts';

describe('emptyPlanInfo', () => {
  it('starts the plan today', () => {
    expect(emptyPlanInfo('2026-04-01').date).toBe('2026-04-01');
    expect(emptyPlanInfo().date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('planInfoErrors (spec §5 Plan)', () => {
  it('requires the current employment', () => {
    expect(planInfoErrors(emptyPlanInfo('2026-01-05')).current_employment).toBe('This field is required');
  });

  it('requires a start date that is not in the future', () => {
    const values = { ...emptyPlanInfo(), current_employment: 'Unemployed' };
    expect(planInfoErrors({ ...values, date: '' }).date).toBe('This field is required');
    expect(planInfoErrors({ ...values, date: '2999-01-01' }).date).toBe("Date can't be in the future");
    expect(planInfoErrors(values)).toEqual({});
  });
});

describe('planInfoBodyFrom', () => {
  it('sends unanswered questions as null', () => {
    const body = planInfoBodyFrom({ ...emptyPlanInfo('2026-01-05'), current_employment: 'Unemployed' });
    expect(body).toEqual({
      date: '2026-01-05',
      current_employment: 'Unemployed',
      employment_type: null,
      apprentice: null,
      accessing_supports: null,
      relocate: null,
      transportation: null,
    });
  });

  it('keeps the employment type only for Employed (spec §4)', () => {
    const values = { ...emptyPlanInfo('2026-01-05'), employment_type: 'Seasonal', relocate: 'No' };
    expect(planInfoBodyFrom({ ...values, current_employment: 'Employed' }).employment_type).toBe('Seasonal');
    expect(planInfoBodyFrom({ ...values, current_employment: 'Self-employed' }).employment_type).toBeNull();
  });
});

describe('planInfoFormValuesFrom', () => {
  it('shows a stored plan’s empty answers as unanswered', () => {
    const plan = {
      plan_id: 1,
      client_id: 2,
      date: '2026-02-03',
      status: 'Open',
      current_employment: 'Employed',
      employment_type: 'Casual',
      apprentice: null,
      accessing_supports: 'Yes',
      relocate: null,
      transportation: 'Public transit',
    } as Plan;
    expect(planInfoFormValuesFrom(plan)).toEqual({
      date: '2026-02-03',
      current_employment: 'Employed',
      employment_type: 'Casual',
      apprentice: '',
      accessing_supports: 'Yes',
      relocate: '',
      transportation: 'Public transit',
    });
  });
});
