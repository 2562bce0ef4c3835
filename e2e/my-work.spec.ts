import { expect, test, type APIRequestContext } from '@playwright/test';
import { violationsOf } from './support/accessibility.ts';
import { createClient } from './support/clients.ts';
import { checkWidth } from './support/screen-width.ts';
import { apiToken, DEMO, signIn } from './support/session.ts';

/** Puts the demo Coordinator's preferences back, for the journeys after this one. */
async function resetPreferences(request: APIRequestContext, userId: number) {
  const token = await apiToken(request, DEMO.coordinator);
  const res = await request.put(`/api/users/${userId}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { home: null, digest: false },
  });
  expect(res.status()).toBe(200);
}

test('a Coordinator lands on My work, follows a follow-up to its plan, and chooses Clients as home', async ({
  page,
  request,
}) => {
  await signIn(page, DEMO.coordinator);
  await expect(page).toHaveURL(/\/my-work$/);
  await expect(page).toHaveTitle('My work | Cairn');
  await expect(page.getByRole('heading', { name: 'My work', level: 1 })).toBeVisible();
  const userId = (await page.evaluate(() => JSON.parse(localStorage.getItem('cairn.session')!))).user
    .user_id as number;
  try {
    // The demo's follow-ups: each worker has one due in two days.
    const followUps = page.getByRole('region', { name: /Follow-ups due/ });
    const first = followUps.getByRole('listitem').first();
    await expect(first).toContainText('Due');
    for (const name of [/Clients missing information/, /Plans quiet for 30 days/, /Unassigned clients/]) {
      await expect(page.getByRole('region', { name })).toBeVisible();
    }
    expect(await violationsOf(page, 'my work')).toEqual([]);

    // Recording it where the link leads: the plan's Follow-ups tab. Not reached: the contact is
    // made today (the form's default), and the follow-up leaves My work.
    const months = /(\d+)-month follow-up due/.exec(await first.innerText())![1]!;
    const client = await first.getByRole('link').innerText();
    await first.getByRole('link').click();
    await expect(page).toHaveURL(/\/client\/\d+\/plan\/\d+\?tab=follow-ups$/);
    await page.getByRole('button', { name: `Record, ${months}-month follow-up` }).click();
    await page
      .getByRole('radiogroup', { name: 'Was the person reached?' })
      .getByRole('radio', { name: 'No' })
      .check();
    await page.getByRole('textbox', { name: 'Note' }).fill('No answer; voicemail left.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The follow-up was successfully recorded.')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/my-work$/);
    await expect(page.getByRole('heading', { name: 'My work', level: 1 })).toBeVisible();
    const same = followUps.getByRole('listitem').filter({ hasText: client });
    await expect(same.filter({ hasText: `${months}-month follow-up` })).toHaveCount(0);

    // Clients stays one click away.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Clients' }).click();
    await expect(page).toHaveURL(/\/clients/);
    await nav.getByRole('link', { name: 'My work' }).click();
    await expect(page).toHaveURL(/\/my-work$/);

    // The own account: Clients as home, and the weekly email.
    await page.goto(`/user/${userId}`);
    const preferences = page.getByRole('region', { name: 'Preferences' });
    await preferences.getByRole('combobox', { name: 'Home page' }).click();
    await page.getByRole('option', { name: 'Clients', exact: true }).click();
    await expect(page.getByText('Your preferences were saved.')).toBeVisible();
    await preferences.getByRole('switch', { name: 'Weekly email of My work' }).click();
    await expect(preferences.getByRole('switch', { name: 'Weekly email of My work' })).toBeChecked();
    expect(await violationsOf(page, 'account preferences')).toEqual([]);
    await page.goto('/');
    await expect(page).toHaveURL(/\/clients$/);

    // 390 px wide: nothing reaches past the edge.
    await page.setViewportSize({ width: 390, height: 844 });
    const found: string[] = [];
    await page.goto('/my-work');
    await checkWidth(page, 'my work', page.getByRole('region', { name: /Follow-ups due/ }), found);
    await page.goto(`/user/${userId}`);
    await checkWidth(page, 'account preferences', page.getByRole('region', { name: 'Preferences' }), found);
    expect(found).toEqual([]);
  } finally {
    await resetPreferences(request, userId);
  }
});

test('a list longer than a page is paged, the page kept in the address', async ({ page, request }) => {
  // 21 clients of the demo Coordinator missing information, with the demo's own: more than a page
  // of 20. Removed at the end, so the journeys after see the demo as it was.
  const made: Array<{ id: number; token: string }> = [];
  try {
    for (let i = 0; i < 21; i += 1) {
      made.push(
        await createClient(request, {
          first_name: `Pagina${String.fromCharCode(65 + i)}`,
          last_name: 'Quillfeather',
          date_of_birth: `${1950 + i}-0${1 + (i % 9)}-1${i % 9}`,
          highest_education: null,
        }),
      );
    }
    await signIn(page, DEMO.coordinator);
    await expect(page).toHaveURL(/\/my-work$/);
    const missing = page.getByRole('region', { name: /Clients missing information/ });
    await expect(missing.getByRole('listitem')).toHaveCount(20);
    const pages = missing.getByRole('navigation', { name: /Pages of Clients missing information/ });
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/[?&]missing_info_page=2$/);
    const rest = missing.getByRole('listitem');
    await expect(rest.first()).toBeVisible();
    expect(await rest.count()).toBeLessThanOrEqual(20);
    // The other lists stay on their first page; the page survives a reload.
    await page.reload();
    await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(await violationsOf(page, 'my work, second page')).toEqual([]);
    await pages.getByRole('button', { name: 'Page 1' }).click();
    await expect(page).toHaveURL(/\/my-work$/);
    await expect(missing.getByRole('listitem')).toHaveCount(20);
  } finally {
    for (const c of made) {
      const res = await request.delete(`/api/clients/${c.id}`, {
        headers: { Authorization: `Bearer ${c.token}` },
      });
      expect(res.status()).toBe(200);
    }
  }
});
