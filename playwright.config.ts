import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);

/** Journeys in Debian's Chromium against the built app on a fresh embedded database. */
export default defineConfig({
  testDir: './e2e',
  // The journey through the load balancer runs in the drill that starts it (e2e/balancer).
  testIgnore: /e2e[/\\]balancer[/\\]/,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 1440, height: 900 },
    // The browser asks for less motion, as some users' systems do: the theme then opens and closes
    // menus and dialogs without their fade (respectReducedMotion), so no step, and no axe scan,
    // meets one half faded in or out.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `node e2e/support/serve.mjs`,
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(PORT) },
    stdout: 'ignore',
    stderr: 'pipe',
    // Stopped with SIGTERM (not the default SIGKILL), so the server closes its database and
    // serve.mjs removes the temporary data folder.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
