import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signIn, signInQuickly } from './support/session.ts';

test('a wrong password shows the spec message and stays on the login page', async ({ page }) => {
  await signIn(page, DEMO.coordinator, 'Wrong-pass-1');
  await expect(page.getByTestId('login-error')).toHaveText('Incorrect email and password combination.');
  // Said once, beside the form: no toast repeats it.
  await expect(page.getByText('Incorrect email and password combination.')).toHaveCount(1);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email')).toHaveValue(DEMO.coordinator);
});

test('the login form explains bad input before calling the server', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Login | Cairn');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Email').fill('someone@nowhere');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Must be a valid email')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
});

const landings = [
  { who: 'Admin', email: DEMO.admin, large: /\/clients$/, small: /\/interaction$/ },
  { who: 'Coordinator', email: DEMO.coordinator, large: /\/my-work$/, small: /\/interaction$/ },
  { who: 'Reporter', email: DEMO.reporter, large: /\/reports$/, small: /\/user\/\d+$/ },
];

for (const l of landings) {
  test(`${l.who} lands where spec §2 says on large and small screens`, async ({ page }) => {
    await signIn(page, l.email);
    await expect(page).toHaveURL(l.large);
    // Already signed in: the login page sends the user on.
    await page.goto('/login');
    await expect(page).toHaveURL(l.large);

    await page.evaluate(() => localStorage.clear());
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, l.email);
    await expect(page).toHaveURL(l.small);
  });
}

test('signed out, every screen sends to the login page', async ({ page }) => {
  for (const path of ['/clients', '/users', '/centre/1', '/no-such-page']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('logout shows its message and ends the session: its access token is refused at once', async ({
  page,
}) => {
  await signIn(page, DEMO.coordinator);
  await expect(page).toHaveURL(/\/my-work$/);
  const { accessToken, refreshToken } = await page.evaluate(
    () => JSON.parse(localStorage.getItem('cairn.session')!) as { accessToken: string; refreshToken: string },
  );
  const replay = () =>
    page.request.get('/api/clients', { headers: { Authorization: `Bearer ${accessToken}` } });
  expect((await replay()).status()).toBe(200);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

  // The old tokens, replayed by hand, are refused: the access token well before its fifteen minutes.
  expect((await replay()).status()).toBe(401);
  expect((await page.request.post('/api/auth/token', { data: { refreshToken } })).status()).toBe(404);
  await page.goto('/clients');
  await expect(page).toHaveURL(/\/login$/);
});

test('a refused refresh ends the session with the expiry warning', async ({ page }) => {
  await signInQuickly(page, DEMO.admin);
  await page.evaluate(() => {
    const s = JSON.parse(localStorage.getItem('cairn.session')!);
    localStorage.setItem(
      'cairn.session',
      JSON.stringify({ ...s, accessToken: 'expired.token.value', refreshToken: 'revoked-refresh-token' }),
    );
  });
  await page.goto('/users');
  await expect(page.getByText('Your session has expired. Please login again to continue.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('demo password works for every demo account', async ({ request }) => {
  for (const email of Object.values(DEMO)) {
    const res = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
    expect(res.status()).toBe(200);
  }
});
