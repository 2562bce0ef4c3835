import { expect, test } from '@playwright/test';
import { violationsOf } from './support/accessibility.ts';
import { createClient } from './support/clients.ts';
import { addMembersByApi, addWhmisToday, createGroup, openAddBulk } from './support/groups.ts';
import { card, createPlan } from './support/plans.ts';
import { DEMO, signInQuickly, unique } from './support/session.ts';

/**
 * A group whose members lack open plans (issue 28): interactions for all, supports and trainings
 * for the members with one, nothing dropped unasked; a refused bulk save names its members.
 */

test('a group whose members mostly lack an open plan: interactions for all, supports and trainings for the others, nothing dropped unasked', async ({
  page,
  request,
}) => {
  test.slow();
  const tag = unique();
  // Like the seeded "Resume Writing Workshop": one member of four has an open plan.
  const ann = await createClient(request, { first_name: 'Ann', last_name: `Quill${tag}` });
  const skipped = [
    await createClient(request, { first_name: 'Bo', last_name: `Rook${tag}` }),
    await createClient(request, { first_name: 'Cal', last_name: `Stoat${tag}` }),
    await createClient(request, { first_name: 'Di', last_name: `Tern${tag}` }),
  ];
  const skippedNames = ['Bo', 'Cal', 'Di'].map(
    (first, i) => `${first} ${['Rook', 'Stoat', 'Tern'][i]}${tag}`,
  );
  const annPlan = await createPlan(request, ann.token, ann.id);
  const groupId = await createGroup(page, ann.token, {
    name: `Resume Writing ${tag}`,
    clients: [ann, ...skipped].map((c) => ({ client_id: c.id })),
  });
  const read = async (url: string) => {
    const res = await request.get(url, { headers: { Authorization: `Bearer ${ann.token}` } });
    expect(res.status()).toBe(200);
    return res.json();
  };
  await signInQuickly(page, DEMO.coordinator);
  await page.goto(`/group/${groupId}`);
  const found: string[] = [];
  const discard = page.getByRole('dialog', { name: 'Discard changes?' });

  // The menu says the spec's sentence, names the three as links, and still offers every action.
  let menu = await openAddBulk(page);
  await expect(
    menu.getByText('Some of the participants in this group are missing open plans.'),
  ).toBeVisible();
  for (const [i, name] of skippedNames.entries())
    await expect(menu.getByRole('link', { name })).toHaveAttribute('href', `/client/${skipped[i]!.id}`);
  await expect(menu.getByText(/go to the members who have an open plan/)).toBeVisible();
  await expect(menu.getByRole('button')).toHaveText(['Interactions', 'Supports', 'Trainings']);
  found.push(...(await violationsOf(page, 'add bulk menu, members without an open plan')));

  // Interactions need no plan: Escape with a count typed asks first, then all four get them.
  await menu.getByRole('button', { name: 'Interactions' }).click();
  const interactions = page.getByRole('dialog', { name: 'Group Interaction' });
  await interactions.getByRole('button', { name: 'Increase In person' }).click();
  await page.keyboard.press('Escape');
  await expect(discard).toBeVisible();
  found.push(...(await violationsOf(page, 'discard question over the group interactions dialog')));
  await discard.getByRole('button', { name: 'No, Continue' }).click();
  await expect(discard).toHaveCount(0);
  await interactions.getByRole('button', { name: 'Add Interaction' }).click();
  await expect(page.getByText('The group interactions were successfully recorded.')).toBeVisible();
  for (const client of [ann, ...skipped]) {
    const sums = (await read(`/api/clients/${client.id}/interactions`)) as Array<{
      name: string;
      total: number;
    }>;
    expect(sums.find((s) => s.name === 'In person')?.total).toBe(1);
  }

  // Supports: the dialog names those skipped, and its empty column speaks of the group.
  menu = await openAddBulk(page);
  await menu.getByRole('button', { name: 'Supports' }).click();
  const supports = page.getByRole('dialog', { name: 'Group Supports' });
  await expect(supports.getByText('No supports selected for the group.')).toBeVisible();
  await expect(supports.getByRole('link', { name: skippedNames[1] })).toHaveAttribute(
    'href',
    `/client/${skipped[1]!.id}`,
  );
  await expect(supports.getByText('the members named here are skipped')).toBeVisible();
  found.push(...(await violationsOf(page, 'group supports dialog, members skipped')));
  await supports.getByRole('tab', { name: 'Employment' }).click();
  await supports.getByRole('button', { name: 'Add Job search assistance' }).click();
  // A click outside asks too, and staying keeps the choice.
  await page.mouse.click(4, 4);
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'No, Continue' }).click();
  await supports.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText(
      `The group supports were successfully recorded for 1 member. Skipped, without an open plan: ${skippedNames.join(', ')}.`,
    ),
  ).toBeVisible();
  await expect(supports).toHaveCount(0);
  expect(await read(`/api/plans/${annPlan}/supports`)).toHaveLength(1);

  // Trainings: a date and a NOC code typed, then Escape asks; discarding drops them, nothing saved.
  menu = await openAddBulk(page);
  await menu.getByRole('button', { name: 'Trainings' }).click();
  const trainings = page.getByRole('dialog', { name: 'Group Trainings' });
  await expect(trainings.getByText('No trainings selected for the group.')).toBeVisible();
  const detail = await addWhmisToday(page, trainings);
  found.push(...(await violationsOf(page, 'group trainings dialog, members skipped')));
  await trainings.getByRole('button', { name: `Remove WHMIS` }).focus();
  await page.keyboard.press('Escape');
  await expect(discard).toBeVisible();
  found.push(...(await violationsOf(page, 'discard question over the group trainings dialog')));
  // Escape on the question answers it alone: the dialog and its training stay.
  await page.keyboard.press('Escape');
  await expect(discard).toHaveCount(0);
  await expect(trainings.getByText(detail)).toBeVisible();
  await page.keyboard.press('Escape');
  await discard.getByRole('button', { name: 'Yes, Cancel' }).click();
  await expect(trainings).toHaveCount(0);
  expect(await read(`/api/plans/${annPlan}/trainings`)).toEqual([]);
  menu = await openAddBulk(page);
  await menu.getByRole('button', { name: 'Trainings' }).click();
  await expect(trainings.getByText('No trainings selected for the group.')).toBeVisible();
  // Nothing chosen: Escape closes at once.
  await page.keyboard.press('Escape');
  await expect(trainings).toHaveCount(0);
  await expect(discard).toHaveCount(0);

  expect(found).toEqual([]);
});

test('a bulk save refused for a member without an open plan names them; a group is renamed', async ({
  page,
  request,
}) => {
  const tag = unique();
  const { id, token } = await createClient(request, { first_name: 'Eli', last_name: `Marten${tag}` });
  const long = `A long description ${tag} that runs on well past the sixty characters the list shows of it.`;
  const groupId = await createGroup(page, token, {
    name: `Long ${tag}`,
    description: long,
    clients: [{ client_id: id }],
  });
  await signInQuickly(page, DEMO.coordinator);

  await page.goto(`/groups?s=${tag}`);
  const cell = page.getByText(`${long.slice(0, 57).trimEnd()}...`);
  await expect(cell).toHaveAttribute('title', long);

  // Edit on Group Details: the name changes, the members stay.
  await page.goto(`/group/${groupId}?tab=details`);
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Name', { exact: false }).fill(`Renamed ${tag}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The group was successfully updated.')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Renamed ${tag}`, level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Members' }).click();
  await expect(page.getByRole('link', { name: `Eli Marten${tag}` })).toBeVisible();

  // The supports dialog is open when a member without an open plan joins: the save is refused,
  // the dialog names them, and the chosen support stays.
  await createPlan(request, token, id);
  await (await openAddBulk(page)).getByRole('button', { name: 'Supports' }).click();
  const supports = page.getByRole('dialog', { name: 'Group Supports' });
  const joiner = await createClient(request, { first_name: 'Fay', last_name: `Joiner${tag}` });
  await addMembersByApi(page, token, groupId, [joiner.id]);
  await supports.getByRole('tab', { name: 'Employment' }).click();
  await supports.getByRole('button', { name: 'Add Job search assistance' }).click();
  await supports.getByRole('button', { name: 'Save' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Some of the participants in this group are missing open plans.' })
      // The dialog says it, and the failure toast may too.
      .first(),
  ).toBeVisible();
  await expect(supports.getByRole('link', { name: `Fay Joiner${tag}` })).toHaveAttribute(
    'href',
    `/client/${joiner.id}`,
  );
  await expect(
    supports
      .getByRole('region', { name: 'Plan Supports' })
      .getByRole('button', { name: card('Job search assistance') }),
  ).toBeVisible();
  // Cancel asks before the chosen support goes; staying keeps it.
  await supports.getByRole('button', { name: 'Cancel' }).click();
  const discard = page.getByRole('dialog', { name: 'Discard changes?' });
  await discard.getByRole('button', { name: 'No, Continue' }).click();
  await expect(discard).toHaveCount(0);
  // The dialog now says a save skips Fay; saving again reaches Eli and names her.
  await expect(supports.getByText('the members named here are skipped')).toBeVisible();
  await supports.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText(
      `The group supports were successfully recorded for 1 member. Skipped, without an open plan: Fay Joiner${tag}.`,
    ),
  ).toBeVisible();
  await expect(supports).toHaveCount(0);
});
