import { expect, test } from '@playwright/test';
import { createClient } from './support/clients.ts';
import { DEMO, signInQuickly, unique } from './support/session.ts';

test('a success story is written, refused for a future date, edited and deleted', async ({
  page,
  request,
}) => {
  const last = `Okimaw${unique()}`;
  const { id } = await createClient(request, { first_name: 'Dana', last_name: last });
  await signInQuickly(page, DEMO.coordinator);
  await page.goto(`/client/${id}/stories`);

  await expect(page.getByRole('heading', { level: 1, name: 'Success Stories' })).toBeVisible();
  await expect(page).toHaveTitle('Success Stories | Cairn');
  await expect(page.getByText('There are no stories.')).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Client menu' });
  await expect(menu).toContainText('Stories (0)');

  await page.getByRole('button', { name: 'New Story' }).click();
  const form = page.getByRole('form', { name: 'New Story' });
  await expect(form.getByLabel('Date')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await form.getByLabel('Date').fill('2999-01-01');
  await form.getByLabel('Write-up').fill('Dana finished the welding course and was hired by a local shop.');
  await expect(form.getByText('63 / 2048')).toBeVisible();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText("Date can't be in the future")).toBeVisible();
  await expect(form.getByLabel('Write-up')).toHaveValue(
    'Dana finished the welding course and was hired by a local shop.',
  );

  await form.getByLabel('Date').fill('2025-11-20');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The story was successfully created.')).toBeVisible();
  const story = page.getByRole('article', { name: 'November 20, 2025' });
  await expect(story).toContainText('hired by a local shop');
  await expect(menu).toContainText('Stories (1)');

  await story.getByRole('button', { name: 'Edit story of November 20, 2025' }).click();
  const edit = page.getByRole('form', { name: 'Edit Story' });
  await edit.getByLabel('Write-up').fill('');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText('This field is required')).toBeVisible();
  await edit.getByLabel('Write-up').fill('Dana now leads a crew of four welders.');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The story was successfully updated.')).toBeVisible();
  await expect(page.getByRole('article', { name: 'November 20, 2025' })).toContainText(
    'leads a crew of four',
  );

  await page.getByRole('button', { name: 'Delete story of November 20, 2025' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Story' });
  await expect(dialog).toContainText('This action cannot be undone.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The story was successfully deleted.')).toBeVisible();
  await expect(page.getByText('There are no stories.')).toBeVisible();
  await expect(menu).toContainText('Stories (0)');
});

test('stories are listed newest first', async ({ page, request }) => {
  const { id, token } = await createClient(request, { first_name: 'Sam', last_name: `Ahenakew${unique()}` });
  for (const [date, writeup] of [
    ['2025-03-01', 'Started the program.'],
    ['2025-09-12', 'Got a driver licence.'],
  ]) {
    const res = await request.post('/api/stories', {
      headers: { Authorization: `Bearer ${token}` },
      data: { client_id: id, date, writeup },
    });
    expect(res.status()).toBe(201);
  }
  await signInQuickly(page, DEMO.coordinator);
  await page.goto(`/client/${id}/stories`);
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('article').first()).toContainText('September 12, 2025');
  await expect(page.getByRole('article').last()).toContainText('March 1, 2025');
});

test("another centre's client's stories show the not-found page", async ({ page, request }) => {
  const last = `Elsewhere${unique()}`;
  const { id, token } = await createClient(
    request,
    { first_name: 'Private', last_name: last },
    DEMO.coordinator2,
  );
  const res = await request.post('/api/stories', {
    headers: { Authorization: `Bearer ${token}` },
    data: { client_id: id, date: '2025-05-05', writeup: 'Not for other centres to read.' },
  });
  expect(res.status()).toBe(201);
  await signInQuickly(page, DEMO.coordinator);
  await page.goto(`/client/${id}/stories`);
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await expect(page.getByText('Not for other centres to read.')).toHaveCount(0);
});
