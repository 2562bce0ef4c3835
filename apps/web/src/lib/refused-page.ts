import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/**
 * Why the screen at an address is not shown: the record it asked for does not exist or is another
 * centre's (the API answered 404), or the signed-in role may not open it (403, or the router's own
 * check of the capability matrix).
 */
export type Refusal = 'notFound' | 'noAccess';

interface Refused {
  refusal: Refusal;
  /** The router location the refusal belongs to: leaving it leaves the refusal behind. */
  locationKey: string;
}

let current: Refused | null = null;
const listeners = new Set<() => void>();

export const refusedPage = {
  set(refusal: Refusal, locationKey: string) {
    current = { refusal, locationKey };
    for (const listener of listeners) listener();
  },
  get: () => current,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The refusal of the screen on display, if a data call it made was refused. */
export function useRefusal(): Refusal | null {
  const { key } = useLocation();
  const refused = useSyncExternalStore(refusedPage.subscribe, refusedPage.get);
  return refused?.locationKey === key ? refused.refusal : null;
}
