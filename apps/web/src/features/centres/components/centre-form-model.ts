import { centreBodySchema, type Centre } from '@cairn/shared/centres.schemas';
import type { z } from 'zod';

/** The centre form's fields; empty text stands for "not given". */
export interface CentreFormValues {
  name: string;
  address: string;
  city: string;
  province: string;
  postal_code: string;
  phone: string;
}

export const emptyCentreForm: CentreFormValues = {
  name: '',
  address: '',
  city: '',
  province: '',
  postal_code: '',
  phone: '',
};

export function centreFormValuesOf(centre: Centre): CentreFormValues {
  return {
    name: centre.name,
    address: centre.address ?? '',
    city: centre.city ?? '',
    province: centre.province ?? '',
    postal_code: centre.postal_code ?? '',
    phone: centre.phone,
  };
}

/** The body as sent: trimmed, with empty fields as null (spec §5). */
export type CentrePayload = z.output<typeof centreBodySchema>;

/**
 * The API body: the shared schema trims, turns empty fields into null and upper-cases the postal
 * code. The logo has no control (spec §2), so an edit sends back the one the centre has.
 */
export function centreBodyOf(values: CentreFormValues, logo: string | null): CentrePayload {
  return centreBodySchema.parse({ ...values, logo });
}
