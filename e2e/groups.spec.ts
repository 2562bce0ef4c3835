import { expect, test, type Page } from '@playwright/test';
import { violationsOf } from './support/accessibility.ts';
import { createClient } from './support/clients.ts';
import { addMember, addWhmisToday, createGroup, openAddBulk } from './support/groups.ts';
import { card, createPlan, longDate, todayIso } from './support/plans.ts';
import { checkWidth } from './support/screen-width.ts';
import { DEMO, signInQuickly, unique } from './support/session.ts';

/** The plan's supports and trainings, as a member's plan profile shows them. */
async function expectOnPlan(page: Page, clientId: number, planId: number, training: string) {
  await page.goto(`/client/${clientId}/plan/${planId}?tab=supports`);
  await expect(
    page.getByRole('region', { name: 'Plan Supports' }).getByRole('button', { name: card('Drum group') }),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Trainings' }).click();
  const trainings = page.getByRole('region', { name: 'Plan Trainings' });
  await expect(trainings.getByText('WHMIS', { exact: true })).toBeVisible();
  await expect(trainings.getByText(training)).toBeVisible();
  await page.goto(`/client/${clientId}`);
  await page.getByRole('tab', { name: 'Client Interactions' }).click();
  await expect(page.getByRole('tabpanel').getByRole('row', { name: /In person\s+2/ })).toBeVisible();
}

test('a Coordinator builds a group, records for all its members, manages them and deletes it', async ({
  page,
  request,
}) => {
  // A long journey (every list and dialog of the screen): three times the usual time on a busy machine.
  test.slow();
  const tag = unique();
  const last = (name: string) => `${name}${tag}`;
  const ada = await createClient(request, { first_name: 'Ada', last_name: last('Heron') });
  const ben = await createClient(request, { first_name: 'Ben', last_name: last('Otter') });
  const cy = await createClient(request, { first_name: 'Cy', last_name: last('Lynx') });
  const dee = await createClient(request, { first_name: 'Dee', last_name: last('Wren') });
  const plans = new Map([
    [ada.id, await createPlan(request, ada.token, ada.id)],
    [ben.id, await createPlan(request, ben.token, ben.id)],
  ]);
  await signInQuickly(page, DEMO.coordinator);
  const found: string[] = [];

  // The list, then the wizard: step 1 goes on only with a name.
  await page.goto('/groups');
  await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Group Search' })).toBeVisible();
  found.push(...(await violationsOf(page, 'group list')));
  await page.getByRole('link', { name: 'New Group' }).click();
  await expect(page.getByRole('heading', { name: 'New Group', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  found.push(...(await violationsOf(page, 'new group, details')));
  const name = `Circle ${tag}`;
  await page.getByLabel('Name', { exact: false }).fill(name);
  const description =
    'Tuesday mornings: resume writing, interview practice and a shared lunch at the centre.';
  await page.getByLabel('Description').fill(description);
  await expect(page.getByText(`${description.length} / 128`)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Members', level: 2 })).toBeFocused();

  // Step 2: Cancel goes back to step 1, which kept its answers.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Name', { exact: false })).toHaveValue(name);
  await page.getByRole('button', { name: 'Next' }).click();
  for (const member of [last('Heron'), last('Otter'), last('Lynx')]) await addMember(page, member);
  found.push(...(await violationsOf(page, 'new group, members')));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The group was successfully created.')).toBeVisible();
  await expect(page).toHaveURL(/\/group\/\d+$/);
  const groupPath = new URL(page.url()).pathname;

  // The profile: three members; Cy has no open plan, so the menu names him, a link to his profile.
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const members = page.getByRole('table', { name: 'Members of the group' });
  await expect(members.getByRole('row')).toHaveCount(4);
  await expect(members.getByRole('link', { name: `Ada ${last('Heron')}` })).toHaveAttribute(
    'href',
    `/client/${ada.id}`,
  );
  found.push(...(await violationsOf(page, 'group profile')));
  let menu = await openAddBulk(page);
  await expect(
    menu.getByText('Some of the participants in this group are missing open plans.'),
  ).toBeVisible();
  await expect(menu.getByRole('link', { name: `Cy ${last('Lynx')}` })).toHaveAttribute(
    'href',
    `/client/${cy.id}`,
  );
  await expect(menu.getByRole('button', { name: 'Interactions' })).toBeVisible();
  found.push(...(await violationsOf(page, 'add bulk menu, a member without an open plan')));
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Bulk' })).toBeFocused();

  // Once Cy's plan is open, the three actions are there.
  plans.set(cy.id, await createPlan(request, cy.token, cy.id));
  menu = await openAddBulk(page);
  await menu.getByRole('button', { name: 'Interactions' }).click();
  await expect(menu).toHaveCount(0);
  const interactions = page.getByRole('dialog', { name: 'Group Interaction' });
  await expect(interactions.getByRole('combobox', { name: 'Client' })).toHaveCount(0);
  found.push(...(await violationsOf(page, 'group interactions dialog')));
  await interactions.getByRole('button', { name: 'Increase In person' }).click();
  await interactions.getByRole('button', { name: 'Increase In person' }).click();
  await interactions.getByRole('button', { name: 'Add Interaction' }).click();
  await expect(page.getByText('The group interactions were successfully recorded.')).toBeVisible();
  await expect(interactions).toHaveCount(0);

  // A support named Other, chosen from the keyboard.
  menu = await openAddBulk(page);
  await menu.getByRole('button', { name: 'Supports' }).click();
  await expect(menu).toHaveCount(0);
  const supports = page.getByRole('dialog', { name: 'Group Supports' });
  await expect(supports.getByRole('region', { name: 'Plan Supports' })).toBeVisible();
  found.push(...(await violationsOf(page, 'group supports dialog')));
  await supports.getByRole('tab', { name: 'Misc' }).click();
  await supports.getByRole('button', { name: 'Add Other' }).press('Enter');
  const naming = page.getByRole('dialog', { name: 'Add support' });
  await naming.getByRole('textbox', { name: 'Please give this support a name.' }).fill('Drum group');
  await naming.getByRole('textbox', { name: 'Please give this support a name.' }).press('Enter');
  await expect(
    supports.getByRole('region', { name: 'Plan Supports' }).getByRole('button', { name: card('Drum group') }),
  ).toBeVisible();
  await supports.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The group supports were successfully recorded.')).toBeVisible();
  await expect(supports).toHaveCount(0);

  // A training with its date and NOC code.
  menu = await openAddBulk(page);
  await menu.getByRole('button', { name: 'Trainings' }).click();
  await expect(menu).toHaveCount(0);
  const trainings = page.getByRole('dialog', { name: 'Group Trainings' });
  await expect(trainings.getByRole('region', { name: 'Plan Trainings' })).toBeVisible();
  found.push(...(await violationsOf(page, 'group trainings dialog')));
  const detail = await addWhmisToday(page, trainings);
  await trainings.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The group trainings were successfully recorded.')).toBeVisible();

  // Every member's plan has them.
  for (const client of [ada, ben, cy]) await expectOnPlan(page, client.id, plans.get(client.id)!, detail);

  // Manage Members: Ben out, Dee in.
  await page.goto(groupPath);
  await page.getByRole('button', { name: 'Manage Members' }).click();
  await page.getByRole('button', { name: `Remove Ben ${last('Otter')}` }).click();
  await addMember(page, last('Wren'));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The group was successfully updated.')).toBeVisible();
  await expect(members.getByRole('link', { name: `Dee ${last('Wren')}` })).toBeVisible();
  await expect(members.getByRole('link', { name: `Ben ${last('Otter')}` })).toHaveCount(0);
  await expect(members.getByRole('row')).toHaveCount(4);

  // The member's side menu lists the group and leads back to it.
  await members.getByRole('link', { name: `Dee ${last('Wren')}` }).click();
  await expect(page).toHaveURL(new RegExp(`/client/${dee.id}$`));
  const sideMenu = page.getByRole('navigation', { name: 'Client menu' });
  await expect(sideMenu.getByText('Groups (1)')).toBeVisible();
  await sideMenu.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`${groupPath}$`));

  // Group Details: the description and when it was made; Delete Group leads back to the list.
  await page.getByRole('tab', { name: 'Group Details' }).click();
  await expect(page.getByText(description)).toBeVisible();
  await expect(
    page.getByText(new RegExp(`^${longDate(todayIso()).replace(/ (\d),/, ' 0$1,')} \\d\\d:\\d\\d[ap]m$`)),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete Group' });
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The group was successfully deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/groups$/);
  await page.getByRole('searchbox', { name: 'Group Search' }).fill(tag);
  await expect(page.getByText(`No groups match “${tag}”.`)).toBeVisible();

  expect(found).toEqual([]);
});

test('the group screens and the bulk dialogs fit a 390 px phone', async ({ page, request }) => {
  const tag = unique();
  const { id, token } = await createClient(request, { first_name: 'Gus', last_name: `Pika${tag}` });
  await createPlan(request, token, id);
  const long = `Another long description ${tag} that runs on well past what the list shows of it.`;
  const groupId = await createGroup(page, token, {
    name: `Renamed ${tag}`,
    description: long,
    clients: [{ client_id: id }],
  });
  await signInQuickly(page, DEMO.coordinator);
  await page.setViewportSize({ width: 390, height: 844 });
  const found: string[] = [];
  await page.goto(`/groups?s=${tag}`);
  await checkWidth(page, 'group list', page.getByRole('link', { name: `Renamed ${tag}` }), found);
  await page.goto('/group/create');
  await checkWidth(page, 'new group', page.getByRole('heading', { name: 'New Group', level: 1 }), found);
  await page.goto(`/group/${groupId}`);
  await checkWidth(page, 'group profile', page.getByRole('link', { name: `Gus Pika${tag}` }), found);
  for (const [item, dialog] of [
    ['Interactions', 'Group Interaction'],
    ['Supports', 'Group Supports'],
    ['Trainings', 'Group Trainings'],
  ] as const) {
    await (await openAddBulk(page)).getByRole('button', { name: item }).click();
    await checkWidth(page, `${item} dialog`, page.getByRole('dialog', { name: dialog }), found);
    await page.getByRole('dialog', { name: dialog }).getByRole('button', { name: 'Cancel' }).click();
  }
  await page.getByRole('tab', { name: 'Group Details' }).click();
  await checkWidth(page, 'group details', page.getByText(long), found);
  expect(found).toEqual([]);
});
