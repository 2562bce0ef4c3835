import type { Frame, Page } from '@playwright/test';
import { settled } from './settled.ts';

/**
 * The controls and labels whose words must show whole: buttons, links, tabs, menu items, labels,
 * legends, table headers, badges and the steps of a stepper.
 */
const CHECKED = [
  'button',
  'a',
  '[role="tab"]',
  '[role="menuitem"]',
  'label',
  'legend',
  'th',
  '.mantine-Badge-root',
  '.mantine-Stepper-stepLabel',
  '.mantine-Stepper-stepDescription',
  '.mantine-SegmentedControl-label',
].join(', ');

/**
 * What one document (the page's or a frame's) cuts off, as it is now: runs in the browser.
 * A checked element, or a box inside it holding text, is cut off when its content is wider than
 * the box and the box hides what overflows (overflow hidden or clip), or taller than a box that
 * hides it; a cut made on purpose with an ellipsis (text-overflow) or a line clamp is not counted,
 * nor visually hidden text (1 px, or clipped away for screen readers only).
 */
function clippedIn(selector: string): string[] {
  const normal = (text: string) => text.replace(/\s+/g, ' ').trim();
  const seen = (element: Element) => element.checkVisibility({ visibilityProperty: true });
  const hiddenAway = (style: CSSStyleDeclaration) =>
    style.clipPath === 'inset(50%)' || (style.clip !== 'auto' && style.clip !== '');
  const holdsText = (box: Element) =>
    [...box.childNodes].some((child) => child.nodeType === Node.TEXT_NODE && normal(child.nodeValue ?? ''));
  const found: string[] = [];
  for (const element of document.body.querySelectorAll(selector)) {
    if (!seen(element)) continue;
    const text = normal(element.textContent ?? '') || element.getAttribute('aria-label') || '';
    if (!text) continue;
    for (const box of [element, ...[...element.querySelectorAll('*')].filter(holdsText)]) {
      if (!(box instanceof HTMLElement) || box.clientWidth === 0 || !seen(box)) continue;
      const style = getComputedStyle(box);
      const rect = box.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1 || hiddenAway(style)) continue;
      const wide =
        /hidden|clip/.test(style.overflowX) &&
        style.textOverflow !== 'ellipsis' &&
        box.scrollWidth > box.clientWidth + 1;
      const tall =
        /hidden|clip/.test(style.overflowY) &&
        style.getPropertyValue('-webkit-line-clamp') === 'none' &&
        box.scrollHeight > box.clientHeight + 1;
      if (!wide && !tall) continue;
      const tag = (e: Element) => `<${e.tagName.toLowerCase()}>`;
      found.push(
        `"${text.slice(0, 80)}" ${tag(element)} ${
          wide
            ? `${box.scrollWidth} px wide in ${box.clientWidth}`
            : `${box.scrollHeight} px high in ${box.clientHeight}`
        }${box === element ? '' : ` (its ${tag(box)})`}`,
      );
      break;
    }
  }
  return found;
}

/**
 * Every button, link, tab, label, table header or badge whose words the screen cuts off, in the
 * page and in its frames (a dashboard's), once the screen has settled; each named by its text.
 */
export async function clippedOf(page: Page): Promise<string[]> {
  await settled(page);
  const found: string[] = [];
  // A frame not yet given its address (about:blank) shows nothing.
  const frames: Frame[] = page
    .frames()
    .filter((frame) => frame === page.mainFrame() || frame.url() !== 'about:blank');
  for (const frame of frames) {
    const where = frame === page.mainFrame() ? '' : ' (in a frame)';
    found.push(...(await frame.evaluate(clippedIn, CHECKED)).map((problem) => `${problem}${where}`));
  }
  return found;
}
