import { useCallback } from 'react';
import { useDuplicateCheck } from '../../api/client-mutations.ts';
import type { ClientFormValues } from '../fields/client-form-values.ts';

/**
 * Looks for clients already on file once step 1 is complete, through the duplicate finder (names
 * with nicknames and typos, date of birth, SIN, email, phone, postal code). Without a date of
 * birth or a SIN there is nothing to compare, and an earlier warning no longer applies.
 */
export function useDuplicateWarning() {
  const check = useDuplicateCheck();
  const { mutate, reset } = check;

  const run = useCallback(
    (values: ClientFormValues) => {
      const date_of_birth = values.date_of_birth.trim() || null;
      const sin = values.sin.trim() || null;
      if (!date_of_birth && !sin) {
        reset();
        return;
      }
      mutate({
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        date_of_birth,
        sin,
        email: values.email.trim() || null,
        phone: values.phone.trim() || null,
        postal_code: values.postal_code.trim() || null,
      });
    },
    [mutate, reset],
  );

  return { matches: check.data ?? [], run };
}
