import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { escapeRegExp } from './text.ts';

/** Today as YYYY-MM-DD in local time, as the app's date fields hold it. */
export function todayIso(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A YYYY-MM-DD date as the app shows it: 'MMMM D, YYYY' (spec §9), or 'MMM D, YYYY' when short. */
export function longDate(iso: string, month: 'long' | 'short' = 'long'): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).toLocaleDateString('en-US', { month, day: 'numeric', year: 'numeric' });
}

/** An open plan for a client, created through the API as set-up for journeys about its records. */
export async function createPlan(
  request: APIRequestContext,
  token: string,
  clientId: number,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const res = await request.post('/api/plans', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      client_id: clientId,
      date: todayIso(),
      current_employment: 'Unemployed',
      apprentice: 'No',
      barriers: [],
      ...overrides,
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/**
 * A real mouse drag from the middle of `source` to the middle of `target`: press, a first small
 * move (drag lists start only after the pointer has moved a little), then the way in steps.
 */
export async function dragWithMouse(page: Page, source: Locator, target: Locator) {
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('The drag source or target is not on screen.');
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 12, start.y + 4, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
  await page.mouse.up();
}

/**
 * A drag card by its item: its accessible name starts with the item's name and goes on with what
 * else it shows (tags, detail, the cut description), each after a comma (WCAG 2.5.3).
 */
export function card(name: string): RegExp {
  return new RegExp(`^${escapeRegExp(name)}(, |$)`);
}
