import { expect, test, type APIRequestContext } from '@playwright/test';
import { violationsOf } from './support/accessibility.ts';
import { apiToken, DEMO, signIn, unique } from './support/session.ts';

/** A Coordinator of their own, so no other journey's sign-in is disturbed; with the demo invitation. */
async function createUser(request: APIRequestContext) {
  const token = await apiToken(request, DEMO.admin);
  const email = `reset.${unique()}@example.ca`;
  const created = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      first_name: 'Robin',
      last_name: 'Reset',
      email,
      centre: { centre_id: 1 },
      roles: [{ role_id: 2 }],
    },
  });
  expect(created.status()).toBe(201);
  const { invite } = (await created.json()) as { invite?: { token: string; id: number } };
  return { email, invite };
}

test('forgot password, reset through the demo link, then sign in with the new password', async ({
  page,
  request,
}) => {
  const { email } = await createUser(request);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL(/\/login\/forgot$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Request New Password' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await page.getByTestId('demo-reset-link').click();

  await expect(page.getByRole('heading', { name: 'Set New Password' })).toBeVisible();
  await page.getByLabel('New Password').fill('abc');
  await expect(page.getByTestId('password-strength')).toHaveAttribute('data-score', '1');
  await page.getByLabel('Confirm Password').fill('abd');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Passwords must match')).toBeVisible();

  const password = 'Granite-Harbour-58';
  await page.getByLabel('New Password').fill(password);
  await expect(page.getByTestId('password-requirements').locator('li[data-met="true"]')).toHaveCount(4);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible();
  await expect(page.getByText('Your password was successfully changed.')).toBeVisible();

  // The link is single use.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Invalid link' })).toBeVisible();
  await expect(
    page.getByText(
      'This link is either invalid or has expired. Please ensure the URL is correct or attempt resetting your password again.',
    ),
  ).toBeVisible();

  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/my-work$/);
});

test("an invitation's first password is said to be set, not changed", async ({ page, request }) => {
  const { email, invite } = await createUser(request);
  expect(invite).toBeDefined();
  await page.goto(`/login/reset-password?token=${invite!.token}&id=${invite!.id}`);
  await expect(page.getByText('Choose a password to finish setting up your account.')).toBeVisible();
  const password = 'Birch-Meadow-73';
  await page.getByLabel('New Password').fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Set Password' }).click();

  await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(
    'Your password was successfully set. You can now login with your password.',
  );
  await expect(page.getByText('changed')).toHaveCount(0);
  expect(await violationsOf(page, 'invitation success')).toEqual([]);

  await page.getByRole('link', { name: 'Go to login' }).click();
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/my-work$/);
});

test('a reset link without a token shows the invalid link screen', async ({ page }) => {
  await page.goto('/login/reset-password?id=1');
  await expect(page.getByRole('heading', { name: 'Invalid link' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
