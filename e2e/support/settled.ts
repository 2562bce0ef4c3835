import type { Page } from '@playwright/test';

/**
 * Waits until the screen is still before it is checked (axe, widths):
 * - the network quiet (no request for half a second), for at most five seconds: a screen with a
 *   dashboard frame may keep the page's own 'networkidle' from being reported again after the
 *   frame loads a new link, and the caller has already waited for what it checks;
 * - no finite animation or transition running: a menu fading out or a dialog fading in is half
 *   transparent (axe reads its text as low contrast) and may be half emptied (a menu without its
 *   items); endless ones (a loader's spin) are not waited for;
 * - two frames more, so a component unmounts what its transition closed.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
  );
}
