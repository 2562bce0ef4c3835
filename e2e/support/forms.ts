import type { Page } from '@playwright/test';

/** Picks `option` in the Select labelled `label`. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Types into several inputs, found by their labels' text, in one turn of the page's event loop:
 * the second change is asked for before the screen has shown the first.
 */
export async function typeAtOnce(page: Page, values: ReadonlyArray<readonly [label: string, value: string]>) {
  await page.evaluate((pairs) => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    for (const [label, value] of pairs) {
      const input = [...document.querySelectorAll('input')].find(
        (i) => i.labels?.[0]?.textContent === label,
      )!;
      setValue.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }, values);
}
