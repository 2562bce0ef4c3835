import { expect, type Locator, type Page } from '@playwright/test';
import { settled } from './settled.ts';

/**
 * What does not fit the window's width: the page itself when it is wider than the window
 * (so it scrolls sideways), and every element reaching past the left or right edge, even one
 * cut off by a scrolling box, as a table's columns would be. Visually hidden text (1 px, or
 * clipped away for screen readers only) is not seen, so it is left out; of an element and the
 * elements inside it, only the outermost is named.
 */
export async function overflowOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const found: string[] = [];
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > width) found.push(`the page is ${pageWidth} px wide`);

    const clippedAway = (element: Element) => {
      for (let at: Element | null = element; at; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.clipPath === 'inset(50%)' || (style.clip !== 'auto' && style.clip !== '')) return true;
      }
      return false;
    };
    const flagged = new Set<Element>();
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.left >= -0.5 && box.right <= width + 0.5) continue;
      if (getComputedStyle(element).visibility === 'hidden' || clippedAway(element)) continue;
      flagged.add(element);
      if (element.parentElement && flagged.has(element.parentElement)) continue;
      const name = element.getAttribute('aria-label') ?? element.textContent ?? '';
      found.push(
        `<${element.tagName.toLowerCase()}> "${name.trim().slice(0, 40)}" spans ${Math.round(box.left)} to ${Math.round(box.right)} px`,
      );
    }
    return found;
  });
}

/**
 * Checks one screen once `ready` is shown and the screen has settled, and adds what does not fit
 * to `found`, named by the screen, so that one run lists every screen that needs fixing.
 */
export async function checkWidth(page: Page, screen: string, ready: Locator, found: string[]) {
  await expect(ready).toBeVisible();
  await settled(page);
  found.push(...(await overflowOf(page)).map((problem) => `${screen}: ${problem}`));
}
