import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { fr, inFrenchEachTest, Screens } from './support/french.ts';
import { DEMO, signInQuickly } from './support/session.ts';
import { startingWith } from './support/text.ts';

/**
 * Issue 34's journey in French, Documents and help (french-journey.spec.ts tells what each screen
 * is checked for): a PDF form from Documents in French, then a French word found by help search
 * in a French article, which opens in French.
 */

inFrenchEachTest();

test('a PDF form from Documents and a help search, in French', async ({ page }, info) => {
  test.slow();
  const screens = new Screens(page, info);
  await signInQuickly(page, DEMO.coordinator);
  await page.goto('/clients');
  await page
    .getByRole('link', { name: fr.layout('nav.documents') })
    .first()
    .click();
  await expect(page).toHaveURL(/\/documents$/);
  await expect(page.getByRole('heading', { level: 1, name: fr.documents('title') })).toBeVisible();
  await screens.check('documents');

  // The intake form in the reader's language, offered first: a French PDF with fillable fields.
  const form = fr.documents('forms.intake.name');
  const row = page
    .getByRole('table', { name: fr.documents('tableLabel') })
    .getByRole('row')
    .filter({ hasText: form });
  const link = row.getByRole('link', { name: startingWith(fr.documents('download', { name: form })) });
  await expect(link).toHaveAttribute('href', /^\/documents\/fr\/[a-z_]+\.pdf$/);
  const href = (await link.getAttribute('href'))!;
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await popup.close();
  const res = await page.request.get(href);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  const pdf = await PDFDocument.load(await res.body());
  expect(pdf.getTitle()).toBe(fr.pdf('intake.title'));
  expect(pdf.getForm().getFields().length).toBeGreaterThan(0);

  // Help: a French word found in a French article, which opens in French.
  const article = fs.readFileSync('docs/help-fr/plan-management/barriers-supports-and-trainings.md', 'utf8');
  const articleTitle = /^title: (.+)$/m.exec(article)![1]!;
  const words = 'indemnité de vie';
  expect(article).toContain(words);
  await page.getByRole('link', { name: fr.layout('help'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: fr.help('heading') })).toBeVisible();
  await screens.check('help home');
  await page.getByRole('searchbox', { name: fr.help('search.label') }).fill(words);
  await page.getByRole('button', { name: fr.help('search.submit'), exact: true }).click();
  const heading = fr.help('search.heading', { q: words });
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  const hit = page
    .getByRole('list', { name: heading })
    .getByRole('listitem')
    .filter({ hasText: articleTitle });
  await expect(hit).toBeVisible();
  await screens.check('help search');
  await hit.getByRole('link', { name: articleTitle }).click();
  await expect(page).toHaveURL(/\/help\/plan-management\/barriers-supports-and-trainings$/);
  await expect(page.getByRole('heading', { level: 1, name: articleTitle })).toBeVisible();
  await expect(page.getByTestId('help-article-body')).toContainText(words);
  await screens.check('help article');
  screens.expectNone();
});
