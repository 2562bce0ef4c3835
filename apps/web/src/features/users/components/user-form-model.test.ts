import { NO_CENTRE_ID } from '@cairn/shared/limits';
import { ROLE } from '@cairn/shared/roles';
import { userCreateBodySchema, userEditFormSchema } from '@cairn/shared/users.schemas';
import { describe, expect, it } from 'vitest';
import {
  emptyUserForm,
  userBodyOf,
  userFormValidator,
  userFormValuesOf,
  type UserFormValues,
} from './user-form-model.ts';

const values = (patch: Partial<UserFormValues>): UserFormValues => ({
  first_name: 'Ada',
  last_name: 'Moss',
  email: 'ada@example.ca',
  centre_id: 4,
  role_id: ROLE.coordinator,
  locale: 'en',
  ...patch,
});

describe('the user form: only an Admin may have no centre', () => {
  it.each([userCreateBodySchema, userEditFormSchema])(
    'asks a centre of a Coordinator or a Reporter',
    (schema) => {
      const validate = userFormValidator(schema);
      for (const role_id of [ROLE.coordinator, ROLE.reporter]) {
        expect(validate(values({ role_id, centre_id: NO_CENTRE_ID }))).toEqual({
          centre_id: 'This field is required',
        });
        expect(validate(values({ role_id }))).toEqual({});
      }
    },
  );

  it('lets an Admin have None, and asks every role to choose', () => {
    const validate = userFormValidator(userCreateBodySchema);
    expect(validate(values({ role_id: ROLE.admin, centre_id: NO_CENTRE_ID }))).toEqual({});
    expect(validate(values({ role_id: ROLE.admin, centre_id: null }))).toEqual({
      centre_id: 'This field is required',
    });
  });
});

describe("the user form: the user's language (issue 34)", () => {
  it("starts a new user in the Admin's language and sends the one chosen", () => {
    expect(emptyUserForm('fr').locale).toBe('fr');
    expect(userBodyOf(values({ locale: 'fr' })).locale).toBe('fr');
    expect(userFormValidator(userCreateBodySchema)(values({ locale: 'fr' }))).toEqual({});
  });

  it("leaves another user's language out of an edit, since only they change it", () => {
    expect(userBodyOf(values({ locale: 'fr' }), false)).not.toHaveProperty('locale');
    const user = {
      user_id: 9,
      first_name: 'Ada',
      last_name: 'Moss',
      full_name: 'Ada Moss',
      email: 'ada@example.ca',
      centre: { centre_id: 4, name: 'North' },
      roles: [{ role_id: ROLE.coordinator, title: 'Coordinator' }],
      icon: 'AM',
      icon_bg: '#1971c2',
      active: true,
      last_sign_in_at: null,
      home: null,
      digest: false,
      locale: 'fr' as const,
    };
    expect(userFormValuesOf(user).locale).toBe('fr');
  });

  it('refuses a language Cairn does not have', () => {
    const bad = values({ locale: 'de' as UserFormValues['locale'] });
    expect(userFormValidator(userCreateBodySchema)(bad)).toEqual({
      locale: 'must be one of the listed answers',
    });
  });
});
