import type { Group } from '@cairn/shared/groups.schemas';
import { createClient } from './clients.ts';
import { createPlan } from './plans.ts';
import { postCreated } from './requests.ts';
import type { DemoUserKey, TestApp } from './test-app.ts';

let seq = 0;
/** A name no other group or client of the file shares. */
export const uniqueName = (prefix: string) => `${prefix} ${String.fromCharCode(97 + (seq % 26))}${++seq}`;

/** Creates a group through the API, as a demo user (a Coordinator). */
export function createGroup(
  t: TestApp,
  as: DemoUserKey,
  clientIds: readonly number[],
  patch: Record<string, unknown> = {},
): Promise<Group> {
  return postCreated<Group>(t, as, '/api/groups', {
    name: uniqueName('Group'),
    description: 'Forklift cohort',
    clients: clientIds.map((client_id) => ({ client_id })),
    ...patch,
  });
}

/**
 * `count` new clients of the Coordinator's centre (`as`), the first `withPlans` of them with an
 * open plan: the members of a group under test.
 */
export async function newMembers(
  t: TestApp,
  count: number,
  withPlans = count,
  as: DemoUserKey = 'coordinator',
): Promise<Array<{ clientId: number; planId: number | null; firstName: string; lastName: string }>> {
  const members = [];
  for (let i = 0; i < count; i++) {
    const lastName = uniqueName('Member');
    const client = await createClient(t, as, { first_name: `Pat${i}`, last_name: lastName });
    const plan = i < withPlans ? await createPlan(t, as, client.client_id) : null;
    members.push({
      clientId: client.client_id,
      planId: plan?.plan_id ?? null,
      firstName: `Pat${i}`,
      lastName,
    });
  }
  return members;
}
