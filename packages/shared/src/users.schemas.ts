import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { message } from './messages.ts';
import { NO_CENTRE_ID } from './limits.ts';
import { ROLE, ROLE_IDS } from './roles.ts';
import {
  ID_MAX,
  ID_OUT_OF_RANGE,
  isoDateTime,
  optionalChoice,
  optionalChoiceOf,
  requiredEmail,
  requiredText,
} from './validators.ts';
import { nameSchemas } from './api-names.ts';
import { HOME_PAGES } from './my-work.schemas.ts';
import { LOCALES } from './locales.ts';

export const roleSchema = z.object({ role_id: z.number().int(), title: z.string() });
export type Role = z.infer<typeof roleSchema>;

export const userCentreSchema = z.object({ centre_id: z.number().int(), name: z.string() });

/** The User of spec §3. `centre` is null when the user belongs to no centre. */
export const userSchema = z.object({
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  centre: userCentreSchema.nullable(),
  roles: z.array(roleSchema),
  icon: z.string(),
  icon_bg: z.string(),
  /** False once an Admin deactivated the account: it cannot sign in; its name stays on its records. */
  active: z.boolean(),
  /** The last successful sign-in, null when the user never signed in. */
  last_sign_in_at: isoDateTime.nullable(),
  /** The page the user chose to open first (`clients`, `my_work`); null: the role's default. */
  home: optionalChoiceOf(HOME_PAGES),
  /** Whether the user gets My work's weekly email (off unless they turn it on). */
  digest: z.boolean(),
  /** The language the user works in (issue 34): the screens, and what the server writes for them. */
  locale: z.enum(LOCALES),
});
export type User = z.infer<typeof userSchema>;

/** Only an Admin may belong to no centre: every other role works within one (issue 28). */
export function centreRequired(roleId: number | null | undefined, centreId: number | null): boolean {
  return roleId != null && roleId !== ROLE.admin && (centreId == null || centreId === NO_CENTRE_ID);
}

/** Centre reference in a user payload: null or centre_id -1 both mean "None". */
const centreRef = z
  .object(
    {
      centre_id: z.coerce
        .number({ error: message('wholeNumber') })
        .int(message('wholeNumber'))
        .max(ID_MAX, ID_OUT_OF_RANGE),
    },
    { error: message('required') },
  )
  .nullable()
  .transform((c) => (c == null || c.centre_id < 0 ? null : c.centre_id));

const rolesRef = z
  .array(
    z.object({
      role_id: z.coerce
        .number({ error: message('required') })
        .int()
        .refine((id) => (ROLE_IDS as readonly number[]).includes(id), message('roleInvalid')),
    }),
    { error: message('required') },
  )
  .min(1, message('required'))
  .transform((roles) => roles.map((r) => r.role_id));

function userFields(nameMax: number) {
  return {
    first_name: requiredText(nameMax),
    last_name: requiredText(nameMax),
    email: requiredEmail(LIMITS.user.emailMax),
    centre: centreRef,
    roles: rolesRef,
  };
}

type ProfileField = keyof ReturnType<typeof userFields>;
const PROFILE_FIELDS: readonly ProfileField[] = ['first_name', 'last_name', 'email', 'centre', 'roles'];

/** A role other than Admin without a centre: 'This field is required' on `centre`. */
function refuseMissingCentre(
  body: { centre?: number | null | undefined; roles?: number[] | undefined },
  ctx: z.RefinementCtx,
) {
  if (body.roles !== undefined && body.centre !== undefined && centreRequired(body.roles[0], body.centre)) {
    ctx.addIssue({ code: 'custom', path: ['centre'], message: message('required') });
  }
}

/** A user's language (issue 34): one of LOCALES, 'must be a valid choice' otherwise. */
const localeChoice = z.enum(LOCALES, { error: message('choice') });

/**
 * The whole user as the form sends it, names up to `nameMax`, a centre unless an Admin, and the
 * language when the form sends one.
 */
function wholeUser(nameMax: number) {
  return z
    .object({ ...userFields(nameMax), locale: localeChoice.optional() })
    .superRefine(refuseMissingCentre);
}

/**
 * POST /users. Names up to 128 characters on create (spec §5). `locale`, the new user's language
 * (their screens, and the invitation's): the creating Admin's own when absent.
 */
export const userCreateBodySchema = wholeUser(LIMITS.user.nameMaxCreate);
/**
 * The edit form's whole user, names up to 64 characters (PUT /users/{id} as the form sends it);
 * `locale` only on the own account (403 preferences_own_account_only otherwise).
 */
export const userEditFormSchema = wholeUser(LIMITS.user.nameMaxEdit);

/** The settings a body may send without the user's fields: status and the own account's preferences. */
const SETTINGS_FIELDS = ['active', 'home', 'digest', 'locale'] as const;

/**
 * PUT /users/{id}. Names up to 64 characters on edit (spec §5). Either the whole user as the form
 * sends it, with `active`, `home`, `digest` and `locale` or without, or some of those alone
 * (deactivate or reactivate; the own account's home page, weekly email and language): a body
 * holding any of the user's fields must hold them all.
 */
export const userUpdateBodySchema = z
  .object({
    ...Object.fromEntries(
      Object.entries(userFields(LIMITS.user.nameMaxEdit)).map(([k, v]) => [k, v.optional()]),
    ),
    active: z.boolean().optional(),
    home: optionalChoice(HOME_PAGES).optional(),
    digest: z.boolean().optional(),
    locale: localeChoice.optional(),
  } as { [K in ProfileField]: z.ZodOptional<ReturnType<typeof userFields>[K]> } & {
    active: z.ZodOptional<z.ZodBoolean>;
    home: z.ZodOptional<ReturnType<typeof optionalChoice<typeof HOME_PAGES>>>;
    digest: z.ZodOptional<z.ZodBoolean>;
    locale: z.ZodOptional<z.ZodEnum<{ en: 'en'; fr: 'fr' }>>;
  })
  .superRefine((body, ctx) => {
    const settingsOnly =
      SETTINGS_FIELDS.some((f) => body[f] !== undefined) &&
      PROFILE_FIELDS.every((f) => body[f] === undefined);
    if (settingsOnly) return;
    for (const field of PROFILE_FIELDS) {
      if (body[field] === undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: message('required') });
    }
    refuseMissingCentre(body, ctx);
  });
export type UserCreateBody = z.input<typeof userCreateBodySchema>;
export type UserUpdateBody = z.input<typeof userUpdateBodySchema>;

/** In demo mode the invitation link is returned so the Admin can pass it on (spec §2 demo links). */
export const userCreateResponseSchema = z.object({
  id: z.number().int(),
  user: userSchema,
  invite: z.object({ token: z.string(), id: z.number().int() }).optional(),
});

export const userListSchema = z.array(userSchema);

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * GET /users query: every filter optional. `s` matches the full name or the email (any case);
 * `centre` -1 names the users without one; `status` active or inactive.
 */
export const userListQuerySchema = z.object({
  s: z.string().trim().max(128).optional(),
  role: z.coerce
    .number({ error: message('roleInvalid') })
    .refine((id) => (ROLE_IDS as readonly number[]).includes(id), message('roleInvalid'))
    .optional(),
  centre: z.coerce
    .number({ error: message('wholeNumber') })
    .int(message('wholeNumber'))
    .min(NO_CENTRE_ID, message('wholeNumber'))
    .max(ID_MAX, ID_OUT_OF_RANGE)
    .optional(),
  status: optionalChoice(USER_STATUSES).optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;
export const roleListSchema = z.array(roleSchema);

/** Initials and a stable colour for the avatar (spec §3 icon, icon_bg). */
export function userIcon(firstName: string, lastName: string, userId: number) {
  const icon = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase() || '?';
  return { icon, icon_bg: AVATAR_COLOURS[userId % AVATAR_COLOURS.length]! };
}

/** Dark enough for white initials to meet contrast AA (4.5:1; users.schemas.test.ts checks). */
const AVATAR_COLOURS = [
  '#1971c2',
  '#287a36',
  '#c2255c',
  '#6741d9',
  '#c44d0a',
  '#0b7285',
  '#4c7c0c',
  '#862e9c',
];

// Names in the API description's components.schemas (api-names.ts).
nameSchemas({
  Role: roleSchema,
  UserCentre: userCentreSchema,
  User: userSchema,
  UserCreateBody: userCreateBodySchema,
  UserUpdateBody: userUpdateBodySchema,
  UserCreateResponse: userCreateResponseSchema,
});
