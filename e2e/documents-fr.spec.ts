import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { violationsOf } from './support/accessibility.ts';
import { checkWidth } from './support/screen-width.ts';
import { DEMO, setLanguage, signInQuickly, unique } from './support/session.ts';
import { startingWith } from './support/text.ts';

/**
 * The documents in French (issue 34): a French user's Documents page offers each form in French
 * first (/documents/fr/…) and in English beside it, and the intake links the French collection
 * notice. The words are read from the French catalogues, so a better translation needs no change
 * here.
 */
type Catalogue = Record<string, unknown>;
const catalogue = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Catalogue;
const at = (node: Catalogue, key: string) =>
  key.split('.').reduce<unknown>((n, part) => (n as Catalogue)[part], node) as string;
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

const documents = catalogue('apps/web/src/locales/fr/documents.json');
const clients = catalogue('apps/web/src/locales/fr/clients.json');
const common = catalogue('apps/web/src/locales/fr/common.json');
const pdfWords = {
  fr: catalogue('packages/shared/src/locales/fr/pdf-documents.json'),
  en: catalogue('packages/shared/src/locales/en/pdf-documents.json'),
};

test.beforeEach(({ request }) => setLanguage(request, DEMO.coordinator, 'fr'));
// Whatever happened, the Coordinator works in English again for the other journeys.
test.afterEach(({ request }) => setLanguage(request, DEMO.coordinator, 'en'));

/** A PDF as the server sends it: a PDF, its title read back with pdf-lib. */
async function pdfTitle(page: Page, href: string): Promise<string | undefined> {
  const res = await page.request.get(href);
  expect(res.status(), href).toBe(200);
  expect(res.headers()['content-type'], href).toBe('application/pdf');
  const bytes = await res.body();
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return (await PDFDocument.load(bytes)).getTitle();
}

test('a French Coordinator downloads the French intake form, the English one beside it, and the French notice from the intake', async ({
  page,
}) => {
  await signInQuickly(page, DEMO.coordinator);
  await page.goto('/documents');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  const title = at(documents, 'title');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(`${title} | Cairn`);

  const table = page.getByRole('table', { name: at(documents, 'tableLabel') });
  const name = at(documents, 'forms.intake.name');
  const row = table.getByRole('row').filter({ hasText: name });

  // The form in French first: /documents/fr/, a PDF whose title is the French one.
  const french = row.getByRole('link', { name: startingWith(fill(at(documents, 'download'), { name })) });
  await expect(french).toHaveAttribute('href', '/documents/fr/intake_form.pdf');
  await expect(french).toHaveAttribute('hreflang', 'fr-CA');
  await expect(french).toHaveAttribute('target', '_blank');
  const [popup] = await Promise.all([page.waitForEvent('popup'), french.click()]);
  await popup.close();
  expect(await pdfTitle(page, '/documents/fr/intake_form.pdf')).toBe(at(pdfWords.fr, 'intake.title'));

  // The English form beside it, named in English (lang) like the language switch.
  const english = row.getByRole('link', { name: startingWith(at(documents, 'versions.en')) });
  await expect(english).toHaveAttribute('href', '/documents/intake_form.pdf');
  await expect(english).toHaveAttribute('hreflang', 'en-CA');
  await expect(english.locator('[lang="en-CA"]')).toHaveText(at(documents, 'versions.en'));
  expect(await pdfTitle(page, '/documents/intake_form.pdf')).toBe(at(pdfWords.en, 'intake.title'));

  // Every form has both.
  for (const key of ['intake', 'plan', 'consent']) {
    const formRow = table.getByRole('row').filter({ hasText: at(documents, `forms.${key}.name`) });
    await expect(formRow.getByRole('link')).toHaveCount(2);
    await expect(formRow.getByRole('link').first()).toHaveAttribute(
      'href',
      /^\/documents\/fr\/[a-z_]+\.pdf$/,
    );
  }
  expect(await violationsOf(page, 'documents in French')).toEqual([]);

  // The intake's consent step links the collection notice in French.
  await page.goto('/client/create');
  const next = page.getByRole('button', { name: at(common, 'actions.next') });
  const heading = (number: number, step: string) =>
    page.getByRole('heading', {
      name: fill(at(clients, 'intake.stepHeading'), { number, name: at(clients, `intake.steps.${step}`) }),
    });
  await expect(heading(1, 'client')).toBeVisible();
  await page.getByRole('textbox', { name: at(clients, 'fields.first_name'), exact: true }).fill('Élodie');
  await page
    .getByRole('textbox', { name: at(clients, 'fields.last_name'), exact: true })
    .fill(`Gagnon${unique()}`);
  await next.click();
  await expect(heading(2, 'demographic')).toBeVisible();
  await page
    .getByRole('radiogroup', { name: at(clients, 'fields.disability'), exact: true })
    .getByRole('radio', { name: at(clients, 'options.yes_no.No'), exact: true })
    .check();
  await page.getByRole('combobox', { name: at(clients, 'fields.citizenship'), exact: true }).click();
  await page.getByRole('option', { name: at(clients, 'options.citizenship.Canadian citizen') }).click();
  await next.click();
  await expect(heading(3, 'ancestry')).toBeVisible();
  await page
    .getByRole('radiogroup', { name: at(clients, 'fields.indigenous'), exact: true })
    .getByRole('radio', { name: at(clients, 'options.yes_no.No'), exact: true })
    .check();
  await next.click();
  await expect(heading(4, 'consent')).toBeVisible();
  const notice = page.getByRole('link', { name: startingWith(at(clients, 'intake.consent.openNotice')) });
  await expect(notice).toHaveAttribute('href', '/documents/fr/collection_notice.pdf');
  await expect(notice).toHaveAttribute('hreflang', 'fr-CA');
  expect(await pdfTitle(page, '/documents/fr/collection_notice.pdf')).toBe(at(pdfWords.fr, 'notice.title'));
  expect(await violationsOf(page, 'intake consent step in French')).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the French Documents page, with both languages per form, fits a 390 px wide window', async ({
    page,
  }) => {
    const found: string[] = [];
    await signInQuickly(page, DEMO.coordinator);
    await page.goto('/documents');
    await checkWidth(
      page,
      'documents in French',
      page.getByRole('heading', { level: 1, name: at(documents, 'title') }),
      found,
    );
    await expect(page.getByRole('link', { name: startingWith(at(documents, 'versions.en')) })).toHaveCount(3);
    expect(found).toEqual([]);
  });
});
