import { expect, test, type APIRequestContext } from '@playwright/test';
import { violationsOf } from './support/accessibility.ts';
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
