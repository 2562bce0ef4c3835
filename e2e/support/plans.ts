import { expect, type APIRequestContext } from '@playwright/test';

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
      date: new Date().toISOString().slice(0, 10),
      current_employment: 'Unemployed',
      apprentice: 'No',
      barriers: [],
      ...overrides,
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}
