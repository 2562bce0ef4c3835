import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { violationsOf } from './support/accessibility.ts';
import { choose } from './support/forms.ts';
import { readSpreadsheet } from './support/reports.ts';
import { DEMO, signInQuickly, unique } from './support/session.ts';

test('a Coordinator imports clients from the template: fixes a column, sees and downloads the problems, commits, finds them', async ({
  page,
}) => {
  const found: string[] = [];
  const tag = unique();
  await signInQuickly(page, DEMO.coordinator);
  await page.goto('/clients');
  await page.getByRole('link', { name: 'Import' }).click();
  await expect(page.getByRole('heading', { name: 'Import clients', level: 1 })).toBeVisible();
  found.push(...(await violationsOf(page, 'import, upload')));

  // The template, filled in with a spreadsheet library as a centre's staff would in Excel.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the template' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('clients-import-template.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  expect(headers).toContain('last_name *');
  // A header the matcher cannot know: the column is matched by hand below.
  sheet.getCell(1, headers.indexOf('last_name *') + 1).value = 'Apellido';
  const people = [
    { first: 'Ines', dob: '1984-02-03', postal: 'k1a 0b1' },
    { first: 'Joao', dob: '12/11/1979', postal: '' },
    { first: 'Kiri', dob: '1990-07-08', postal: 'T2P1J9' },
    { first: 'Lars', dob: '1970-01-01', postal: '12345' },
  ];
  people.forEach((p, i) => {
    const row = sheet.getRow(i + 2);
    const set = (field: string, value: string) => {
      const column = headers.findIndex((h) => h.replace(' *', '') === field);
      row.getCell(column === -1 ? headers.indexOf('last_name *') + 1 : column + 1).value = value;
    };
    set('first_name', p.first);
    set('last_name', `Imported${tag}`);
    set('date_of_birth', p.dob);
    set('postal_code', p.postal);
    set('disability', 'No');
    set('citizenship', 'Canadian citizen');
    set('indigenous', 'No');
    set('consent', 'Yes');
    row.commit();
  });
  const filled = Buffer.from(await book.xlsx.writeBuffer());

  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (
    await choosing
  ).setFiles({ name: 'our-clients.xlsx', mimeType: 'application/octet-stream', buffer: filled });

  await expect(page.getByRole('heading', { name: 'Check the file' })).toBeVisible();
  await expect(page.getByTestId('import-count-rows')).toHaveText('4');
  await expect(page.getByTestId('import-count-valid')).toHaveText('0');
  await expect(page.getByText('1 column is not imported: Apellido')).toBeVisible();
  found.push(...(await violationsOf(page, 'import, preview before the fix')));

  await choose(page, 'Field for the column Apellido', 'Last Name');
  await expect(page.getByTestId('import-count-valid')).toHaveText('3');
  await expect(page.getByTestId('import-count-invalid')).toHaveText('1');
  const problems = page.getByRole('table').filter({ hasText: 'Problem' });
  await expect(
    problems.getByRole('row', { name: /5 Postal Code must be a valid postal code/ }),
  ).toBeVisible();
  found.push(...(await violationsOf(page, 'import, preview')));

  const gettingProblems = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the rows with problems' }).click();
  const problemsFile = await readSpreadsheet(await gettingProblems);
  const rows = problemsFile.get('Problems')!;
  expect(rows[0]!.slice(0, 2)).toEqual(['Row', 'Problems']);
  expect(rows).toHaveLength(2);
  expect(rows[1]!.slice(0, 2)).toEqual(['5', 'Postal code: must be a valid postal code']);

  await page.getByRole('button', { name: 'Import the valid rows' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible();
  await expect(page.getByTestId('import-result-created')).toHaveText('3');
  await expect(page.getByTestId('import-result-rejected')).toHaveText('1');
  found.push(...(await violationsOf(page, 'import, summary')));

  await page.getByRole('link', { name: `Joao Imported${tag}` }).click();
  await expect(page.getByRole('heading', { name: `Joao Imported${tag}` })).toBeVisible();

  await page.goto(`/clients?s=Imported${tag}`);
  await expect(page.getByText('3 clients')).toBeVisible();
  expect(found).toEqual([]);
});
