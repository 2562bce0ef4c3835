import { describe, expect, it } from 'vitest';
import { submitMove } from '../../../lib/wizard-steps.ts';
import {
  emptyGroupWizard,
  GROUP_WIZARD_STEPS,
  groupCreateBodyOf,
  groupDetailsErrors,
  groupWizardStepErrors,
} from './group-form-model.ts';

describe('the group details (spec §5)', () => {
  it('needs a name', () => {
    expect(groupDetailsErrors({ name: '  ', description: '' })).toHaveProperty('name');
    expect(groupDetailsErrors({ name: 'Tuesday circle', description: '' })).toEqual({});
  });

  it('takes a name up to 64 characters and a description up to 128', () => {
    expect(groupDetailsErrors({ name: 'n'.repeat(64), description: 'd'.repeat(128) })).toEqual({});
    const errors = groupDetailsErrors({ name: 'n'.repeat(65), description: 'd'.repeat(129) });
    expect(Object.keys(errors).sort()).toEqual(['description', 'name']);
  });
});

describe('the new group wizard', () => {
  const check = groupWizardStepErrors;

  it('stays on step 1 until the details check out, then opens the members', () => {
    expect(submitMove(GROUP_WIZARD_STEPS, 0, emptyGroupWizard(), check)).toMatchObject({
      to: 'errors',
      step: 0,
    });
    const named = { ...emptyGroupWizard(), name: 'Tuesday circle' };
    expect(submitMove(GROUP_WIZARD_STEPS, 0, named, check)).toEqual({ to: 'next', step: 1 });
  });

  it('saves from step 2, with or without members', () => {
    const named = { ...emptyGroupWizard(), name: 'Tuesday circle' };
    expect(submitMove(GROUP_WIZARD_STEPS, 1, named, check)).toEqual({ to: 'save' });
  });

  it('sends trimmed details, no description as null, and members by id', () => {
    expect(
      groupCreateBodyOf({
        name: ' Tuesday circle ',
        description: '  ',
        members: [{ client_id: 4, name: 'Ada Bird' }],
      }),
    ).toEqual({ name: 'Tuesday circle', description: null, clients: [{ client_id: 4 }] });
  });
});
