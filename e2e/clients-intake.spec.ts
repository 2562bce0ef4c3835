import { expect, test } from '@playwright/test';
import { DEMO, signInQuickly, unique } from './support/session.ts';

test('a Coordinator completes the four-step intake; Next waits for valid answers', async ({ page }) => {
  await signInQuickly(page, DEMO.coordinator);
  await page.goto('/clients');
  await page.getByRole('link', { name: 'New Client' }).click();
  await expect(page).toHaveTitle('New Client | Cairn');
  await expect(page.getByRole('heading', { name: 'Step 1 of 4: Client' })).toBeVisible();

  // Step 1 blocks Next until it validates.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Step 1 of 4: Client' })).toBeVisible();
  // Focus goes to the step's first answer in error.
  await expect(page.getByRole('textbox', { name: 'First Name' })).toBeFocused();

  const last = `Cardinal${unique()}`;
  await page.getByRole('textbox', { name: 'First Name' }).fill('Aiyana');
  await page.getByRole('textbox', { name: 'Last Name' }).fill(last);
  await page.getByLabel('Date of Birth').fill('1994-03-21');
  await page.getByRole('textbox', { name: 'SIN' }).fill('12345');
  await page.getByRole('textbox', { name: 'Postal Code' }).fill('R3C 4T3');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('must be 9 numbers')).toBeVisible();
  await expect(page.getByText('must not contain any spaces')).toBeVisible();
  await page.getByRole('textbox', { name: 'SIN' }).fill('146454286');
  await page.getByRole('textbox', { name: 'Postal Code' }).fill('R3C4T3');
  await page.getByRole('button', { name: 'Next' }).click();

  // Back keeps every answer; a step opened starts at its heading.
  await expect(page.getByRole('heading', { name: 'Step 2 of 4: Demographic' })).toBeFocused();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Step 1 of 4: Client' })).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue('Aiyana');
  await expect(page.getByRole('textbox', { name: 'SIN' })).toHaveValue('146454286');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: disability and citizenship are required.
  await expect(page.getByRole('heading', { name: 'Step 2 of 4: Demographic' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 4: Demographic' })).toBeVisible();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Disability' }).getByRole('radio', { name: 'No' }).check();
  await page.getByRole('combobox', { name: 'Citizenship' }).click();
  await page.getByRole('option', { name: 'Canadian citizen' }).click();
  await page.getByRole('combobox', { name: 'Highest Education' }).click();
  await page.getByRole('option', { name: 'Highschool diploma' }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: Indigenous Yes reveals the ancestry questions.
  await expect(page.getByRole('heading', { name: 'Step 3 of 4: Ancestry' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Reserve' })).toHaveCount(0);
  await page.getByRole('radiogroup', { name: 'Indigenous' }).getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('combobox', { name: 'Ancestry' }).click();
  await page.getByRole('option', { name: 'Status First Nation', exact: true }).click();
  await page.getByRole('textbox', { name: 'Nation' }).fill('Peguis First Nation');
  await page.getByRole('combobox', { name: 'Reserve' }).click();
  await page.getByRole('option', { name: 'Off reserve' }).click();
  await page
    .getByRole('radiogroup', { name: 'Do you speak an Indigenous language?' })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await page.getByRole('textbox', { name: 'Indigenous Language' }).fill('Ojibwe');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 4: consent is required; the collection notice is a real PDF.
  await expect(page.getByRole('heading', { name: 'Step 4 of 4: Consent' })).toBeVisible();
  const notice = page.getByRole('link', { name: /collection notice/i });
  await expect(notice).toHaveAttribute('href', '/documents/collection_notice.pdf');
  await expect(notice).toHaveAttribute('target', '_blank');
  const pdf = await page.request.get('/documents/collection_notice.pdf');
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Consent/release form signed by client' }).check();
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('The client was successfully saved!')).toBeVisible();
  await expect(page).toHaveURL(/\/client\/\d+$/);
  await expect(page.getByRole('heading', { name: `Aiyana ${last}` })).toBeVisible();
  // The SIN is masked to its last three digits.
  await expect(page.getByText('286')).toBeVisible();
  await expect(page.getByText('146454286')).toHaveCount(0);
  await expect(page.getByText('146 454 286')).toHaveCount(0);
});

test('the intake warns of a possible duplicate before saving', async ({ page }) => {
  await signInQuickly(page, DEMO.coordinator);
  const token = (await page.evaluate(() => JSON.parse(localStorage.getItem('cairn.session')!))).accessToken;
  const last = `Bélanger${unique()}`;
  const res = await page.request.post('/api/clients', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      first_name: 'Élise',
      last_name: last,
      date_of_birth: '1988-11-02',
      disability: 'No',
      citizenship: 'Canadian citizen',
      indigenous: 'No',
      consent: true,
    },
  });
  expect(res.status()).toBe(201);

  await page.goto('/client/create');
  await page.getByRole('textbox', { name: 'First Name' }).fill('elise');
  await page.getByRole('textbox', { name: 'Last Name' }).fill(last.replace('é', 'e').toUpperCase());
  await page.getByLabel('Date of Birth').fill('1988-11-02');
  await page.getByRole('button', { name: 'Next' }).click();
  const warning = page.getByRole('alert').filter({ hasText: 'This client may already be on file' });
  await expect(warning).toBeVisible();
  await expect(warning.getByRole('link', { name: new RegExp(`Élise ${last}`) })).toBeVisible();
  // The user can still go on.
  await expect(page.getByRole('heading', { name: 'Step 2 of 4: Demographic' })).toBeVisible();
});

test('leaving a started intake asks first', async ({ page }) => {
  await signInQuickly(page, DEMO.coordinator);
  await page.goto('/client/create');
  await page.getByRole('textbox', { name: 'First Name' }).fill('Half');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel New Intake?' });
  await expect(dialog).toContainText(
    'Are you sure you wish to cancel the new intake? All unsaved data will be lost.',
  );
  await dialog.getByRole('button', { name: 'No, Continue' }).click();
  await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue('Half');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Cancel New Intake?' })
    .getByRole('button', { name: 'Yes, Cancel' })
    .click();
  await expect(page).toHaveURL(/\/clients$/);
});
