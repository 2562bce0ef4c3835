import { expect, test } from '@playwright/test';
import { apiToken, DEMO, signIn, unique } from './support/session.ts';

test('forgot password, reset through the demo link, then sign in with the new password', async ({
  page,
  request,
}) => {
  // A user of its own, so no other journey's sign-in is disturbed.
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

  // The link is single use.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Invalid link' })).toBeVisible();
  await expect(
    page.getByText(
      'This link is either invalid or has expired. Please ensure the URL is correct or attempt resetting your password again.',
    ),
  ).toBeVisible();

  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/clients$/);
});

test('a reset link without a token shows the invalid link screen', async ({ page }) => {
  await page.goto('/login/reset-password?id=1');
  await expect(page.getByRole('heading', { name: 'Invalid link' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
