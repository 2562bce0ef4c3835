import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './support/session.ts';

/**
 * Issue 27: refresh tokens rotate. This file's journeys run against a server of their own whose
 * access tokens last ACCESS_TOKEN_SECONDS (3 s) instead of fifteen minutes: an hour of a working
 * day is four silent refreshes, and every page load below comes after the last access token
 * expired, so the browser refreshes for real, with the real server, each time.
 */
const LIFETIME_S = 3;
const PORT = Number(process.env.E2E_PORT ?? 3210) + 100;
const ORIGIN = `http://localhost:${PORT}`;
const EXPIRED = 'Your session has expired. Please login again to continue.';

let server: ChildProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = spawn(process.execPath, [path.resolve(import.meta.dirname, 'support/serve.mjs')], {
    env: { ...process.env, E2E_PORT: String(PORT), ACCESS_TOKEN_SECONDS: String(LIFETIME_S) },
    stdio: 'ignore',
  });
  await expect
    .poll(
      () =>
        fetch(`${ORIGIN}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 110_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  const stopped = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await stopped;
});

test.use({ baseURL: ORIGIN });

const stored = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('cairn.session') ?? 'null') as { refreshToken: string } | null,
  );

/** Waits out the access token in hand, then loads the clients list: the app must refresh first. */
async function reloadAfterExpiry(page: Page) {
  await page.waitForTimeout(LIFETIME_S * 1000 + 300);
  await page.reload();
}

async function showsClients(page: Page) {
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole('table', { name: 'Clients' })).toBeVisible();
}

/** Signs a Coordinator in (they land on My work) and opens the clients list. */
async function signInToClients(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/my-work$/);
  await page.goto('/clients');
  await showsClients(page);
}

test('a session survives an hour of silent refreshes, each refresh token used once', async ({ page }) => {
  test.setTimeout(90_000);
  await signInToClients(page, DEMO.coordinator);
  const used = [(await stored(page))!.refreshToken];

  // Five refreshes: more than an hour of fifteen-minute access tokens.
  for (let i = 0; i < 5; i++) {
    await reloadAfterExpiry(page);
    await showsClients(page);
    const now = (await stored(page))!.refreshToken;
    expect(used, `refresh ${i + 1} rotated the refresh token`).not.toContain(now);
    used.push(now);
  }
  await expect(page.getByText(EXPIRED)).toHaveCount(0);

  // A replaced refresh token is refused…
  const replay = await page.request.post('/api/auth/token', { data: { refreshToken: used[2] } });
  expect(replay.status()).toBe(404);
  // …and, presented again, it ends the whole session: the next refresh of the app is refused too.
  await reloadAfterExpiry(page);
  await expect(page.getByText(EXPIRED)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('two tabs refreshing at the same moment both stay signed in', async ({ page, context }) => {
  await signInToClients(page, DEMO.coordinator2);
  const other = await context.newPage();
  await other.goto('/clients');
  await showsClients(other);
  const before = (await stored(page))!.refreshToken;

  // Both tabs find the access token expired and refresh together with the one refresh token they
  // share: presented twice, it would end the session (rotation); one tab waits for the other.
  await page.waitForTimeout(LIFETIME_S * 1000 + 300);
  await Promise.all([page.reload(), other.reload()]);
  for (const tab of [page, other]) await showsClients(tab);
  await expect.poll(async () => (await stored(page))?.refreshToken).not.toBe(before);
  // And once more, after the next expiry: the session is alive in both.
  await page.waitForTimeout(LIFETIME_S * 1000 + 300);
  await Promise.all([page.reload(), other.reload()]);
  for (const tab of [page, other]) {
    await showsClients(tab);
    await expect(tab.getByText(EXPIRED)).toHaveCount(0);
  }
});
