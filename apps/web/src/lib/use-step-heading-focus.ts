import { useEffect, useRef } from 'react';

/**
 * After a wizard's step changes, focus goes to the step's heading so keyboard and screen reader
 * users start there. The first step keeps the page's own focus.
 */
export function useStepHeadingFocus(active: number) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
    moved.current = true;
  }, [active]);
  return headingRef;
}
