import type { Client } from '@cairn/shared/clients.schemas';
import { todayIso } from '@cairn/shared/dates';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { clients } from '../../src/db/schema/clients.ts';
import type { DemoUserKey, TestApp } from './test-app.ts';

/** A complete intake: nothing missing. */
export function intake(patch: Record<string, unknown> = {}) {
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    disability: 'No',
    citizenship: 'Canadian citizen',
    highest_education: 'Highschool diploma',
    indigenous: 'No',
    consent: true,
    ...patch,
  };
}

/** Creates a client through the API, as a demo user or with a token. */
export async function createClient(
  t: TestApp,
  as: DemoUserKey | { token: string },
  patch: Record<string, unknown> = {},
): Promise<Client> {
  const who = typeof as === 'string' ? { as } : as;
  const res = await t.call('POST', '/api/clients', { ...who, body: intake(patch) });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  expect(res.json.id).toBe(res.json.client.client_id);
  return res.json.client as Client;
}

let uniqueNames = 0;

/**
 * A client of the Coordinator's centre whose last name no other client of the file shares, so a
 * search of the client list finds it alone.
 */
export function uniqueClient(t: TestApp, firstName: string): Promise<Client> {
  uniqueNames += 1;
  return createClient(t, 'coordinator', {
    first_name: firstName,
    last_name: `Holder ${'abcdefghij'[uniqueNames % 10]}${uniqueNames}`,
  });
}

/** The PUT body that saves `client` back unchanged, with `patch` applied. */
export function whole(client: Client, patch: Record<string, unknown> = {}) {
  const {
    client_id: _id,
    full_name: _full,
    has_sin: _has,
    sin_masked: _masked,
    centre_name: _centre,
    groups: _groups,
    plans_count: _plans,
    stories_count: _stories,
    _missing,
    created_at: _created,
    updated_at: _updated,
    ...body
  } = client;
  return { ...body, ...patch };
}

/** The stored row, as the database holds it. */
export async function rawClientRow(t: TestApp, clientId: number) {
  const [row] = await t.db.select().from(clients).where(eq(clients.clientId, clientId));
  return row;
}

export function daysFromToday(days: number) {
  return todayIso(new Date(Date.now() + days * 86_400_000));
}
