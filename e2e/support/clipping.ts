import type { Frame, Page } from '@playwright/test';
import { settled } from './settled.ts';

/**
 * The controls, labels and headings whose words must show whole: buttons, links, tabs, menu
 * items, radios, labels, legends, table headers, headings, badges, navigation links, pills and the
 * steps of a stepper.
 */
const CHECKED = [
  'button',
  'a[href]',
  '[role="tab"]',
  '[role="menuitem"]',
  '[role="radio"]',
  'label',
  'legend',
  'th',
  'h1',
  'h2',
  'h3',
  'h4',
  '.mantine-Badge-root',
  '.mantine-NavLink-root',
  '.mantine-SegmentedControl-label',
  '.mantine-Pill-root',
  '.mantine-Stepper-stepLabel',
  '.mantine-Stepper-stepDescription',
].join(', ');

/**
 * What one document (the page's or a frame's) cuts off, as it is now: runs in the browser. A
 * checked element, or a box inside it holding text, does not fit when its content is wider than
 * the box (unless the box scrolls), or taller than a box that hides what overflows; visually
 * hidden text (1 px, or clipped away for screen readers only) is not counted. A cut by design
 * (text-overflow: ellipsis, or a line clamp) is fine for data (the record is a click away); with
 * `marked`, the pseudo-locale's marked catalogue texts (⟦…⟧) so cut are counted unless their whole
 * is at hand in a title or aria-label.
 */
function clippedIn({ selector, marked }: { selector: string; marked: boolean }): string[] {
  const normal = (text: string) => text.replace(/\s+/g, ' ').trim();
  const seen = (element: Element) => element.checkVisibility({ visibilityProperty: true });
  const tag = (element: Element) => `<${element.tagName.toLowerCase()}>`;
  const hiddenAway = (style: CSSStyleDeclaration) =>
    style.clipPath === 'inset(50%)' || (style.clip !== 'auto' && style.clip !== '');
  const holdsText = (box: Element) =>
    [...box.childNodes].some((child) => child.nodeType === Node.TEXT_NODE && normal(child.nodeValue ?? ''));
  const found: string[] = [];
  for (const element of document.body.querySelectorAll(selector)) {
    if (!seen(element)) continue;
    const label = normal(element.textContent ?? '') || element.getAttribute('aria-label') || '';
    if (!label) continue;
    for (const box of [element, ...[...element.querySelectorAll('*')].filter(holdsText)]) {
      if (!(box instanceof HTMLElement) || box.clientWidth === 0 || !seen(box)) continue;
      const style = getComputedStyle(box);
      const rect = box.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1 || hiddenAway(style)) continue;
      const wide = !/auto|scroll/.test(style.overflowX) && box.scrollWidth > box.clientWidth + 1;
      const tall = /hidden|clip/.test(style.overflowY) && box.scrollHeight > box.clientHeight + 1;
      if (!wide && !tall) continue;
      const byDesign =
        (wide && !tall && style.textOverflow === 'ellipsis') ||
        (tall && style.getPropertyValue('-webkit-line-clamp') !== 'none');
      if (byDesign) {
        const catalogueText = marked && /[⟦⟧]/.test(box.textContent ?? '');
        if (catalogueText && !box.closest('[title]') && !element.getAttribute('aria-label'))
          found.push(`"${label.slice(0, 80)}" ${tag(element)} cut with … and no title`);
        break;
      }
      found.push(
        `"${label.slice(0, 80)}" ${tag(element)} ${
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
 * Every control, label or heading whose words the screen cuts off (clippedIn), in the page and in
 * its frames (a dashboard's), once the screen has settled; each named by its text. The French
 * journey and the pseudo-locale walk (`marked`) both check with it.
 */
export async function clippedOf(page: Page, { marked = false } = {}): Promise<string[]> {
  await settled(page);
  const found: string[] = [];
  // A frame not yet given its address (about:blank) shows nothing.
  const frames: Frame[] = page
    .frames()
    .filter((frame) => frame === page.mainFrame() || frame.url() !== 'about:blank');
  for (const frame of frames) {
    const where = frame === page.mainFrame() ? '' : ' (in a frame)';
    found.push(
      ...(await frame.evaluate(clippedIn, { selector: CHECKED, marked })).map(
        (problem) => `${problem}${where}`,
      ),
    );
  }
  return found;
}
