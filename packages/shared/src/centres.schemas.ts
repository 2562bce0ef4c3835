import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { message } from './messages.ts';
import { PROVINCE_CODES } from './provinces.ts';
import { optionalPostalCode, optionalText, requiredText } from './validators.ts';
import { nameSchemas } from './api-names.ts';

const C = LIMITS.centre;

/** The Centre of spec §3. */
export const centreSchema = z.object({
  centre_id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  postal_code: z.string().nullable(),
  phone: z.string(),
  logo: z.string().nullable(),
});
export type Centre = z.infer<typeof centreSchema>;
export const centreListSchema = z.array(centreSchema);

/** A base64 image (optionally a data URL) whose text is under the spec's size limit. */
const logo = z
  .string()
  .max(C.logoMaxBytes - 1, message('imageTooLarge'))
  .refine(
    (v) => v === '' || /^(data:image\/(png|jpeg|gif|webp|svg\+xml);base64,)?[A-Za-z0-9+/=\s]+$/.test(v),
    message('image'),
  )
  .nullish()
  .transform((v) => (v ? v : null));

/** POST /centres and PUT /centres/{id}. */
export const centreBodySchema = z.object({
  name: requiredText(C.nameMax),
  address: optionalText(C.addressMax),
  city: optionalText(C.cityMax),
  province: z
    .union([z.enum(PROVINCE_CODES), z.literal(''), z.null()], { error: message('provinceInvalid') })
    .optional()
    .transform((v) => (v ? v : null)),
  postal_code: optionalPostalCode,
  phone: requiredText(C.phoneMax),
  logo,
});
export type CentreBody = z.input<typeof centreBodySchema>;

/** POST /centres answers the new id and the centre as stored. */
export const centreCreateResponseSchema = z.object({ id: z.number().int(), centre: centreSchema });
export type CentreCreateResponse = z.infer<typeof centreCreateResponseSchema>;

// Names in the API description's components.schemas (api-names.ts).
nameSchemas({
  Centre: centreSchema,
  CentreBody: centreBodySchema,
  CentreCreateResponse: centreCreateResponseSchema,
});
