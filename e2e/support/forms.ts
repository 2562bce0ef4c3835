import type { Page } from '@playwright/test';

/** Picks `option` in the Select labelled `label`. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
