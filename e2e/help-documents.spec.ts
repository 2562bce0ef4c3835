import { expect, test, type Page } from '@playwright/test';
import { violationsOf } from './support/accessibility.ts';
import { checkWidth } from './support/screen-width.ts';
import { DEMO, signInQuickly } from './support/session.ts';

const CATEGORIES = ['Getting Started', 'Client Management', 'Plan Management', 'Reporting', 'Admin'];

/** The category cards of the help home page, by their links' names. */
async function categoryCards(page: Page): Promise<string[]> {
  const section = page.getByRole('region', { name: 'Categories' });
  await expect(section.getByRole('link').first()).toBeVisible();
  return section.getByRole('link').allInnerTexts();
}

test('a Coordinator downloads each form from Documents, then searches help and reads an article', async ({
  page,
}) => {
  const violations: string[] = [];
  await signInQuickly(page, DEMO.coordinator);
  await page.goto('/clients');
  await page.getByRole('link', { name: 'Documents' }).first().click();
  await expect(page).toHaveURL(/\/documents$/);
  await expect(page).toHaveTitle('Documents | Cairn');
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  violations.push(...(await violationsOf(page, 'documents')));

  const table = page.getByRole('table', { name: 'Downloadable forms' });
  const forms = [
    { name: 'Client Intake Form', title: 'Client Intake Form' },
    { name: 'New Plan Form', title: 'New Plan Form' },
    { name: 'Client Consent Form', title: 'Client Consent Form' },
  ];
  for (const form of forms) {
    const row = table.getByRole('row').filter({ hasText: form.name });
    // Spec §9: the description is cut at 100 characters; More shows it whole.
    const more = row.getByRole('button', { name: `More: the whole description of ${form.name}` });
    await expect(more).toBeVisible();
    const description = row.getByRole('cell').nth(1);
    const short = (await description.innerText()).replace(/\s*More$/, '');
    expect(short.endsWith('...')).toBe(true);
    expect(short.length).toBeLessThanOrEqual(103);
    await more.click();
    const whole = (await description.innerText()).replace(/\s*Less$/, '');
    expect(whole.length).toBeGreaterThan(100);
    expect(whole.startsWith(short.slice(0, -3))).toBe(true);
    await row
      .getByRole('button', { name: `Less: only the start of the description of ${form.name}` })
      .click();

    // The PDF opens in a new window; its bytes are a PDF with the form's title.
    const link = row.getByRole('link', { name: new RegExp(`^${form.name} \\(PDF\\)`) });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/documents\/[a-z_]+\.pdf$/);
    const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await popup.close();
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    const bytes = await res.body();
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
    expect(bytes.toString('latin1')).toContain('/AcroForm');
  }

  // The help link of the top bar, then a search whose words are in an article's body only.
  await page.getByRole('link', { name: 'Help', exact: true }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Help Centre' })).toBeVisible();
  expect(await categoryCards(page)).toEqual(CATEGORIES.slice(0, 4));
  await expect(page.getByTestId('help-footer')).toContainText('Email support at support@cairn.example');
  violations.push(...(await violationsOf(page, 'help home')));

  await page.getByRole('searchbox', { name: 'Search help' }).fill('NORTHERN living');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/help\/search\?q=NORTHERN\+living$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Results for “NORTHERN living”' })).toBeVisible();
  const results = page.getByRole('list', { name: 'Results for “NORTHERN living”' });
  const hit = results.getByRole('listitem').filter({ hasText: 'Barriers, supports and trainings' });
  await expect(hit.locator('mark')).toHaveText('northern living');
  violations.push(...(await violationsOf(page, 'help search')));

  await hit.getByRole('link', { name: 'Barriers, supports and trainings' }).click();
  await expect(page).toHaveURL(/\/help\/plan-management\/barriers-supports-and-trainings$/);
  await expect(page).toHaveTitle('Barriers, supports and trainings | Cairn');
  const body = page.getByTestId('help-article-body');
  await expect(body.getByRole('heading', { level: 2, name: "'Other'" })).toBeVisible();
  await expect(body).toContainText('National Occupational Classification');
  violations.push(...(await violationsOf(page, 'help article')));

  // A link inside an article opens its screen within the app; the breadcrumb leads to the category.
  await page.evaluate(() => ((window as unknown as { notReloaded?: boolean }).notReloaded = true));
  await body.getByRole('link', { name: 'Plans and their tabs' }).click();
  await expect(page).toHaveURL(/\/help\/plan-management\/plans-and-their-tabs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Plans and their tabs' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await page
    .getByRole('navigation', { name: 'You are here' })
    .getByRole('link', { name: 'Plan Management' })
    .click();
  await expect(page).toHaveURL(/\/help\/plan-management$/);
  const articles = page.getByRole('list', { name: 'Articles in Plan Management' });
  await expect(articles.getByRole('link', { name: 'Outcomes' })).toBeVisible();
  await expect(articles).toContainText('Updated ');
  violations.push(...(await violationsOf(page, 'help category')));

  // A screen's own help link opens the article about it.
  await page.goto('/clients');
  await page.getByRole('link', { name: 'Help about this screen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'The client list and search' })).toBeVisible();

  // Another role's category, and an article that does not exist.
  await page.goto('/help/admin');
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  await page.goto('/help/admin/users');
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  await expect(page.getByTestId('help-article-body')).toHaveCount(0);
  // An Admin article is no file of the built app either (issue 27): only the API answers it, to Admins.
  for (const address of ['/help/admin/users.html', '/help/getting-started/finding-your-way.html']) {
    const file = await page.request.get(address);
    expect(file.status(), address).toBe(404);
    expect(await file.text()).not.toContain('invitation link');
  }
  const unsigned = await page.request.get('/api/help/articles/admin/users');
  expect(unsigned.status()).toBe(401);
  await page.goto('/help/plan-management/no-such-article');
  await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
  await expect(page.getByTestId('help-article-body')).toHaveCount(0);

  expect(violations).toEqual([]);
});

test('a Reporter sees only Reporting in help, and cannot open Documents', async ({ page }) => {
  await signInQuickly(page, DEMO.reporter);
  await page.goto('/help');
  expect(await categoryCards(page)).toEqual(['Reporting']);
  await page.getByRole('searchbox', { name: 'Search help' }).fill('fiscal year');
  await page.getByRole('button', { name: 'Search' }).click();
  const results = page.getByRole('list', { name: 'Results for “fiscal year”' });
  await expect(results.getByRole('listitem').first()).toBeVisible();
  // Plan Management articles speak of the fiscal year too, but not for a Reporter.
  for (const category of await results.getByRole('listitem').allInnerTexts()) {
    expect(category).toContain('Reporting');
  }
  await page.goto('/help/getting-started');
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  await page.goto('/documents');
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
});

test('an Admin sees every category, Admin included, and reads its articles', async ({ page }) => {
  await signInQuickly(page, DEMO.admin);
  await page.goto('/help');
  expect(await categoryCards(page)).toEqual(CATEGORIES);
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await expect(page).toHaveURL(/\/help\/admin$/);
  const articles = page.getByRole('list', { name: 'Articles in Admin' });
  for (const title of ['Managing users', 'Managing centres']) {
    await expect(articles.getByRole('link', { name: title })).toBeVisible();
  }
  await articles.getByRole('link', { name: 'Managing users' }).click();
  await expect(page.getByTestId('help-article-body')).toContainText('invitation link');
  // The Mappings screen's help link opens the Mappings article.
  await page.goto('/mappings');
  await page.getByRole('link', { name: 'Help about this screen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Mappings: the catalogue/ })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the documents and help screens fit a 390 px wide window', async ({ page }) => {
    const found: string[] = [];
    await signInQuickly(page, DEMO.coordinator);
    await page.goto('/documents');
    await checkWidth(page, 'documents', page.getByRole('heading', { level: 1, name: 'Documents' }), found);
    await page.getByRole('button', { name: 'More: the whole description of Client Intake Form' }).click();
    await checkWidth(
      page,
      'documents, a description whole',
      page.getByRole('button', { name: /^Less: / }),
      found,
    );
    await page.goto('/help');
    await checkWidth(page, 'help home', page.getByRole('heading', { level: 1, name: 'Help Centre' }), found);
    await page.goto('/help/search?q=plan');
    await checkWidth(
      page,
      'help search',
      page.getByRole('heading', { level: 1, name: /Results for/ }),
      found,
    );
    await page.goto('/help/client-management');
    await checkWidth(
      page,
      'help category',
      page.getByRole('heading', { level: 1, name: 'Client Management' }),
      found,
    );
    // The widest article: a table of roles.
    await page.goto('/help/getting-started/finding-your-way');
    await checkWidth(page, 'help article', page.getByTestId('help-article-body'), found);
    expect(found).toEqual([]);
  });
});
