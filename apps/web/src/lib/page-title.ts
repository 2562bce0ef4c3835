import { PRODUCT_NAME } from '@cairn/shared/limits';
import { useEffect } from 'react';

/** Spec §2: the route title followed by the product suffix, or the product name alone. */
export function usePageTitle(title?: string | null) {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
