import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.1 A and AA rules (ARCHITECTURE.md: accessible by default, contrast AA). */
export async function violationsOf(page: Page, screen: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await transitionsSettled(page);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // WCAG 2.5.3 (label in name) is left out on purpose for two known controls: the account
    // menu, whose visible text is the user's initials in an avatar, and the drag list cards,
    // named by their item while the description shown under it is given as their description.
    .disableRules(['label-content-name-mismatch'])
    .analyze();
  return violations.map(
    (v) => `${screen}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`,
  );
}

/**
 * Waits until no finite animation or transition is running: a menu fading out or a dialog
 * fading in is half transparent (axe reads its text as low contrast) and may be half emptied
 * (a menu without its items). Endless ones (a loader's spin) are not waited for. Two frames
 * more let the component unmount what its transition closed.
 */
async function transitionsSettled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
  );
}
