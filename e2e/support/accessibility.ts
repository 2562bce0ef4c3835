import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { settled } from './settled.ts';

/** WCAG 2.1 A and AA rules (ARCHITECTURE.md: accessible by default, contrast AA). */
export async function violationsOf(page: Page, screen: string): Promise<string[]> {
  await settled(page);
  const { violations } = await new AxeBuilder({ page })
    // WCAG 2.5.3 (label in name): axe's rule is experimental, so off unless named; every scan
    // runs it (a control's visible label starts its accessible name). Set before the tags:
    // options() replaces what withTags() set.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations.map(
    (v) => `${screen}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`,
  );
}
