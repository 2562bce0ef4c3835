import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo-pass-1';
export const DEMO = {
  admin: 'admin@example.ca',
  coordinator: 'coordinator@example.ca',
  coordinator2: 'coordinator2@example.ca',
  reporter: 'reporter@example.ca',
} as const;

/** Signs in through the login screen. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs in through the API and hands the session to the page, for journeys about something else. */
export async function signInQuickly(page: Page, email: string, password = DEMO_PASSWORD) {
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  const session = await res.json();
  await page.goto('/login');
  await page.evaluate((s) => localStorage.setItem('cairn.session', JSON.stringify(s)), session);
  return session as { accessToken: string; refreshToken: string; user: { user_id: number } };
}

/** An access token for API calls made by the journey itself (set-up, not the thing under test). */
export async function apiToken(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** A unique suffix so journeys never collide on one database. */
export function unique(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

/**
 * Ends every session of the account on the server, as a password change does (refresh tokens
 * revoked, access tokens refused); the password stays the demo one.
 */
export async function endSessions(request: APIRequestContext, email: string, userId: number) {
  const token = await apiToken(request, email);
  const res = await request.post('/api/auth/change-password', {
    headers: { Authorization: `Bearer ${token}` },
    data: { id: userId, password: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
}

/** Signs in on the login page on screen, which knows where the last session was. */
export async function signInHere(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * Sets an account's language on the server, as its account menu does (`PUT /api/users/{id}` on
 * one's own account): for journeys in French, and to put English back after them.
 */
export async function setLanguage(request: APIRequestContext, email: string, locale: 'en' | 'fr') {
  const login = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const { user, accessToken } = (await login.json()) as { user: { user_id: number }; accessToken: string };
  const res = await request.put(`/api/users/${user.user_id}`, {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { locale },
  });
  expect(res.status()).toBe(200);
}
