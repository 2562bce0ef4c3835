import { defineConfig } from '@playwright/test';
import base from '../../playwright.config.ts';

/**
 * The journey through HAProxy, run by scripts/balancer-drill.mjs (which starts the processes and
 * the balancer and gives its address in BALANCER_URL): the browser settings of the other journeys,
 * no server of its own. `npm run e2e` leaves this folder out.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  testIgnore: [],
  webServer: undefined,
  use: { ...base.use, baseURL: process.env.BALANCER_URL ?? 'http://127.0.0.1:8080' },
});
