import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { message } from './messages.ts';
import { ROLE_IDS } from './roles.ts';
import { ID_MAX, ID_OUT_OF_RANGE, requiredEmail, requiredText } from './validators.ts';
import { nameSchemas } from './api-names.ts';

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
});
export type User = z.infer<typeof userSchema>;

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

function userBody(nameMax: number) {
  return z.object({
    first_name: requiredText(nameMax),
    last_name: requiredText(nameMax),
    email: requiredEmail(LIMITS.user.emailMax),
    centre: centreRef,
    roles: rolesRef,
  });
}

/** POST /users. Names up to 128 characters on create (spec §5). */
export const userCreateBodySchema = userBody(LIMITS.user.nameMaxCreate);
/** PUT /users/{id}. Names up to 64 characters on edit (spec §5). */
export const userUpdateBodySchema = userBody(LIMITS.user.nameMaxEdit);
export type UserCreateBody = z.input<typeof userCreateBodySchema>;
export type UserUpdateBody = z.input<typeof userUpdateBodySchema>;

/** In demo mode the invitation link is returned so the Admin can pass it on (spec §2 demo links). */
export const userCreateResponseSchema = z.object({
  id: z.number().int(),
  user: userSchema,
  invite: z.object({ token: z.string(), id: z.number().int() }).optional(),
});

export const userListSchema = z.array(userSchema);
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
