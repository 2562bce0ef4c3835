import { NO_CENTRE_ID } from '@cairn/shared/limits';
import type { Locale } from '@cairn/shared/locales';
import { message } from '@cairn/shared/messages';
import { centreRequired, type User, type userCreateBodySchema } from '@cairn/shared/users.schemas';
import type { FormErrors } from '@mantine/form';
import { messageText } from '../../../lib/message-text.ts';
import { schemaValidator } from '../../../lib/schema-validator.ts';
import type { UserBody } from '../api/user-mutations.ts';

/** The user form's fields: one select each for centre and role, `null` until chosen. */
export interface UserFormValues {
  first_name: string;
  last_name: string;
  email: string;
  /** NO_CENTRE_ID stands for the 'None' choice. */
  centre_id: number | null;
  role_id: number | null;
  /** The user's language (issue 34): their screens and the emails they get. */
  locale: Locale;
}

/** A new user's form, in the creating Admin's language until they choose another. */
export function emptyUserForm(locale: Locale): UserFormValues {
  return { first_name: '', last_name: '', email: '', centre_id: null, role_id: null, locale };
}

export function userFormValuesOf(user: User): UserFormValues {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    centre_id: user.centre?.centre_id ?? NO_CENTRE_ID,
    role_id: user.roles[0]?.role_id ?? null,
    locale: user.locale,
  };
}

/**
 * The API body (spec §7): centre null for None, the role as a one-item list; the language unless
 * `withLocale` is false (another user's edit: only they change it, 403 preferences_own_account_only).
 */
export function userBodyOf(values: UserFormValues, withLocale = true): UserBody {
  return {
    ...(withLocale ? { locale: values.locale } : {}),
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    centre:
      values.centre_id == null || values.centre_id === NO_CENTRE_ID ? null : { centre_id: values.centre_id },
    roles: values.role_id == null ? [] : [{ role_id: values.role_id }],
  };
}

/** Where a message about an API path shows on the form: `centre.centre_id` on the centre select, `roles.0` on the role select. */
export function userFieldOf(path: string): string {
  if (path === 'centre' || path.startsWith('centre.')) return 'centre_id';
  if (path === 'roles' || path.startsWith('roles.')) return 'role_id';
  return path;
}

/**
 * Validates the form with the same schema the server uses. A centre must be chosen even though
 * 'None' is a valid choice (spec §5: centre required), which the body alone cannot say; and 'None'
 * is for Admins only (issue 28).
 */
export function userFormValidator(schema: typeof userCreateBodySchema, withLocale = true) {
  const resolve = schemaValidator<UserBody>(schema);
  return (values: UserFormValues): FormErrors => {
    const errors: FormErrors = {};
    for (const [path, text] of Object.entries(resolve(userBodyOf(values, withLocale))))
      errors[userFieldOf(path)] ??= text;
    if (values.centre_id == null || centreRequired(values.role_id, values.centre_id))
      errors.centre_id ??= messageText(message('required'));
    return errors;
  };
}
