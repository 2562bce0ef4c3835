import { NO_CENTRE_ID } from '@cairn/shared/limits';
import { ROLE } from '@cairn/shared/roles';
import { userCreateBodySchema, userEditFormSchema } from '@cairn/shared/users.schemas';
import { describe, expect, it } from 'vitest';
import { userFormValidator, type UserFormValues } from './user-form-model.ts';

const values = (patch: Partial<UserFormValues>): UserFormValues => ({
  first_name: 'Ada',
  last_name: 'Moss',
  email: 'ada@example.ca',
  centre_id: 4,
  role_id: ROLE.coordinator,
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
