import { expect, test, type Page } from '@playwright/test';
import { violationsOf } from './support/accessibility.ts';
import { DEMO, signIn } from './support/session.ts';

/**
 * Catalogues per route (issue 34): the first page fetches the catalogues every screen needs and
 * its own; a screen's catalogues come when it is first opened, in the user's language only. A
 * catalogue is a chunk named by its language and area (apps/web/vite.config.ts), so what the
 * browser fetched says which were loaded.
 */
const STARTING = ['api-errors', 'common', 'dialogs', 'errors', 'validation'];

/** Every catalogue the page fetches from now on, as `language/area`. */
function cataloguesFetched(page: Page): Set<string> {
  const fetched = new Set<string>();
  page.on('request', (request) => {
    const chunk = /\/assets\/locale-([a-z]{2})-([a-z-]+)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname);
    if (chunk) fetched.add(`${chunk[1]}/${chunk[2]}`);
  });
  return fetched;
}

const inLanguage = (fetched: Set<string>, language: string) =>
  [...fetched]
    .filter((key) => key.startsWith(`${language}/`))
    .map((key) => key.slice(language.length + 1))
    .sort();

test('the sign-in page fetches its catalogues alone; a screen fetches its own when first opened', async ({
  page,
}) => {
  const fetched = cataloguesFetched(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  expect(inLanguage(fetched, 'en')).toEqual([...STARTING, 'auth'].sort());
  expect(inLanguage(fetched, 'fr')).toEqual([]);

  await signIn(page, DEMO.coordinator);
  await expect(page.getByRole('navigation', { name: 'Main' }).first()).toBeVisible();
  // The frame's own, and nothing of a screen not opened yet.
  expect(fetched).toContain('en/layout');
  expect(fetched).not.toContain('en/groups');
  expect(fetched).not.toContain('en/documents');

  await page.goto('/groups');
  await expect(page.getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible();
  expect(fetched).toContain('en/groups');
  expect(fetched).not.toContain('en/documents');
  expect(inLanguage(fetched, 'fr')).toEqual([]);
  expect(await violationsOf(page, 'groups, its catalogue fetched with it')).toEqual([]);
});

test.describe('in a French browser', () => {
  test.use({ locale: 'fr-CA' });

  test('the sign-in page fetches the French catalogues it needs, no other French one', async ({ page }) => {
    const fetched = cataloguesFetched(page);
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(inLanguage(fetched, 'fr')).toEqual([...STARTING, 'auth'].sort());
  });
});
