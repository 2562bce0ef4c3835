import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { settled } from './settled.ts';

/** WCAG 2.1 A and AA rules (ARCHITECTURE.md: accessible by default, contrast AA). */
export async function violationsOf(page: Page, screen: string): Promise<string[]> {
  await settled(page);
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
