import { useEffect, useRef } from 'react';

/**
 * Moves focus to a heading that just opened (a wizard's step, a form shown below a list) and,
 * unless it is already in sight, scrolls it to the top of the screen, below the app's fixed header
 * (the Titles' `scroll-margin-top`, theme.module.css): on a phone a form opened under a list
 * would otherwise stay below the screen, and a focused heading end up under the header.
 */
export function focusHeading(heading: HTMLElement | null) {
  if (!heading) return;
  heading.focus({ preventScroll: true });
  const { top, bottom } = heading.getBoundingClientRect();
  const below = Number.parseFloat(getComputedStyle(heading).scrollMarginTop) || 0;
  if (top < below || bottom > window.innerHeight) heading.scrollIntoView({ block: 'start' });
}

/**
 * After a wizard's step changes, focus goes to the step's heading so keyboard and screen reader
 * users start there, and the step opens as a page does, at the top: the page's title, the
 * stepper and the step's heading in sight (not where Next was, at the foot of the step before).
 * The first step keeps the page's own focus.
 */
export function useStepHeadingFocus(active: number) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current && headingRef.current) {
      window.scrollTo({ top: 0 });
      focusHeading(headingRef.current);
    }
    moved.current = true;
  }, [active]);
  return headingRef;
}

/** A form that opens beside or below what opened it: focus and sight go to its heading when it opens. */
export function useOpenedHeadingFocus() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => focusHeading(headingRef.current), []);
  return headingRef;
}
