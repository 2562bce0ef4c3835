import { expect, type APIRequestContext } from '@playwright/test';
import { apiToken, DEMO } from './session.ts';

/** A complete client, created through the API as set-up for journeys about something else. */
export async function createClient(
  request: APIRequestContext,
  overrides: Record<string, unknown> = {},
  as: string = DEMO.coordinator,
): Promise<{ id: number; token: string }> {
  const token = await apiToken(request, as);
  const res = await request.post('/api/clients', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      first_name: 'Jordan',
      last_name: 'Whitehorse',
      date_of_birth: '1990-05-14',
      disability: 'No',
      citizenship: 'Canadian citizen',
      highest_education: 'Highschool diploma',
      indigenous: 'No',
      consent: true,
      ...overrides,
    },
  });
  expect(res.status()).toBe(201);
  return { id: ((await res.json()) as { id: number }).id, token };
}
