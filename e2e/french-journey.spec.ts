import { expect, test, type Page } from '@playwright/test';
import { createClient } from './support/clients.ts';
import { fr, frenchDate, frenchName, inFrenchEachTest, option, Screens } from './support/french.ts';
import { choose } from './support/forms.ts';
import { createGroup } from './support/groups.ts';
import { card, createPlan, todayIso } from './support/plans.ts';
import { DEMO, DEMO_PASSWORD, signInQuickly, unique } from './support/session.ts';
import { escapeRegExp, startingWith } from './support/text.ts';

/**
 * Issue 34's journey in French, its first part: sign in, intake a client, a plan's support and
 * training, a note and an outcome, a group's bulk action (the dashboards and the ministry file:
 * french-reports.spec.ts; a PDF form and help search: french-documents-help.spec.ts). Every word
 * is read from the French catalogues (so a better translation needs no change here), and the
 * catalogue's French names from the API. At each screen: axe finds nothing with
 * <html lang="fr-CA">, no English catalogue text is left on it, and at 390 px wide (a screenshot
 * kept in the test's output) no button, link, tab, label, table header or badge is cut off and
 * nothing runs off the screen.
 */

inFrenchEachTest();

/** Waits for the toast with `text`. */
const toast = (page: Page, text: string) => expect(page.getByText(text).first()).toBeVisible();

test.describe('a francophone browser', () => {
  test.use({ locale: 'fr-CA' });

  test('signs in on the sign-in page and intakes a client end to end in French', async ({ page }, info) => {
    test.slow();
    const screens = new Screens(page, info);
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect(page.getByRole('heading', { level: 1, name: fr.auth('login.heading') })).toBeVisible();
    await screens.check('sign-in');
    await page.getByLabel(fr.auth('login.email')).fill(DEMO.coordinator);
    await page.getByLabel(fr.auth('login.password'), { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: fr.auth('login.submit') }).click();
    await expect(page).toHaveURL(/\/my-work$/);
    await expect(page.getByRole('link', { name: fr.layout('nav.myWork') })).toBeVisible();
    await screens.check('my work');

    await page.getByRole('link', { name: fr.layout('nav.clients'), exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: fr.clients('list.title') })).toBeVisible();
    await screens.check('client list');
    await page.getByRole('link', { name: fr.clients('list.newClient') }).click();
    await expect(page).toHaveTitle(`${fr.clients('intake.title')} | Cairn`);
    const step = (number: number, key: string) =>
      page.getByRole('heading', {
        name: fr.clients('intake.stepHeading', { number, name: fr.clients(`intake.steps.${key}`) }),
      });
    const next = page.getByRole('button', { name: fr.common('actions.next') });

    // Step 1: nothing answered is refused in French, then the client's name and contact.
    await expect(step(1, 'client')).toBeVisible();
    await next.click();
    await expect(
      page.getByRole('textbox', { name: fr.clients('fields.first_name'), exact: true }),
    ).toBeFocused();
    await screens.check('intake step 1, refused');
    const last = `Lavallée${unique()}`;
    await page.getByRole('textbox', { name: fr.clients('fields.first_name'), exact: true }).fill('Aurélie');
    await page.getByRole('textbox', { name: fr.clients('fields.last_name') }).fill(last);
    await page.getByLabel(fr.clients('fields.date_of_birth')).fill('1994-03-21');
    await page.getByRole('textbox', { name: fr.clients('fields.sin'), exact: true }).fill('146454286');
    await page.getByRole('textbox', { name: fr.clients('fields.postal_code') }).fill('E1C4M3');
    await next.click();

    // Step 2: demographic answers, chosen by their French labels.
    await expect(step(2, 'demographic')).toBeVisible();
    await page
      .getByRole('radiogroup', { name: fr.clients('fields.disability') })
      .getByRole('radio', { name: option('clients', ['options', 'yes_no', 'No']) })
      .check();
    await choose(
      page,
      fr.clients('fields.citizenship'),
      option('clients', ['options', 'citizenship', 'Canadian citizen']),
    );
    await choose(
      page,
      fr.clients('fields.highest_education'),
      option('clients', ['options', 'highest_education', 'Highschool diploma']),
    );
    await screens.check('intake step 2');
    await next.click();

    // Step 3: Indigenous, with the Government of Canada's terms.
    await expect(step(3, 'ancestry')).toBeVisible();
    await page
      .getByRole('radiogroup', { name: fr.clients('fields.indigenous'), exact: true })
      .getByRole('radio', { name: option('clients', ['options', 'yes_no', 'Yes']) })
      .check();
    await choose(
      page,
      fr.clients('fields.status_type'),
      option('clients', ['options', 'status_type', 'Status First Nation']),
    );
    await page
      .getByRole('textbox', { name: fr.clients('fields.nation'), exact: true })
      .fill('Première Nation Wolastoqey');
    await choose(
      page,
      fr.clients('fields.reserve'),
      option('clients', ['options', 'reserve', 'Off reserve']),
    );
    await page
      .getByRole('radiogroup', { name: fr.clients('fields.speaks_indigenous_language') })
      .getByRole('radio', { name: option('clients', ['options', 'yes_no', 'No']) })
      .check();
    await screens.check('intake step 3');
    await next.click();

    // Step 4: consent, then the new client's profile.
    await expect(step(4, 'consent')).toBeVisible();
    await page.getByRole('checkbox', { name: fr.clients('fields.consent') }).check();
    await screens.check('intake step 4');
    await page.getByRole('button', { name: fr.common('actions.save') }).click();
    await toast(page, fr.clients('intake.saved'));
    await expect(page).toHaveURL(/\/client\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: `Aurélie ${last}` })).toBeVisible();
    await expect(page.getByRole('tab', { name: fr.clients('profile.tabs.demographic') })).toBeVisible();
    await screens.check('client profile');
    await page.getByRole('tab', { name: fr.clients('profile.tabs.ancestry') }).click();
    await expect(
      page.getByText(option('clients', ['options', 'status_type', 'Status First Nation'])),
    ).toBeVisible();
    await screens.check('client profile, ancestry');
    screens.expectNone();
  });
});

test('a plan in French: a support and a training added, saved and shown', async ({ page, request }, info) => {
  test.slow();
  const { id, token } = await createClient(request, { first_name: 'Éloïse', last_name: `Gagnon${unique()}` });
  const planId = await createPlan(request, token, id);
  const support = await frenchName(request, token, 'supports', 'Job search assistance');
  const training = await frenchName(request, token, 'trainings', 'WHMIS');
  const screens = new Screens(page, info);
  await signInQuickly(page, DEMO.coordinator);
  await page.goto(`/client/${id}/plan/${planId}`);
  await expect(page.getByText(fr.plans('header.started', { date: frenchDate(todayIso()) }))).toBeVisible();
  await screens.check('plan info');

  // A support from the Employment category, added with its button.
  await page.getByRole('tab', { name: fr.plans('profile.tabs.supports'), exact: true }).click();
  const supports = page.getByRole('region', { name: fr.items('columns.supports.selected') });
  await expect(supports.getByText(fr.items('columns.supports.empty'))).toBeVisible();
  await page.getByRole('tab', { name: fr.items('categories.Employment') }).click();
  await screens.check('plan supports');
  await page.getByRole('button', { name: fr.items('dragColumns.add', { name: support }) }).click();
  await expect(supports.getByRole('button', { name: card(support) })).toBeVisible();
  await page.getByRole('button', { name: fr.plans('items.save') }).click();
  await toast(page, fr.plans('toasts.updated'));

  // A training: its date, then its NOC code.
  await page.getByRole('tab', { name: fr.plans('profile.tabs.trainings'), exact: true }).click();
  const trainings = page.getByRole('region', { name: fr.items('columns.trainings.selected') });
  await expect(trainings.getByText(fr.items('columns.trainings.empty'))).toBeVisible();
  await page.getByRole('button', { name: fr.items('dragColumns.add', { name: training }) }).click();
  const dialog = page.getByRole('dialog', { name: fr.items('training.title') });
  await dialog.getByLabel(fr.items('training.date')).fill(todayIso());
  await screens.check('training dialog, its date');
  await dialog.getByRole('button', { name: fr.items('training.next') }).click();
  await expect(dialog.getByRole('link', { name: startingWith(fr.items('training.nocLink')) })).toBeVisible();
  await dialog.getByRole('textbox', { name: fr.items('training.noc') }).fill('7511');
  await screens.check('training dialog, its NOC');
  await dialog.getByRole('button', { name: fr.items('training.add') }).click();
  await expect(dialog).toHaveCount(0);
  const detail = `${frenchDate(todayIso())} · ${fr.items('training.nocDetail', { noc: '7511' })}`;
  await expect(trainings.getByText(detail)).toBeVisible();
  await page.getByRole('button', { name: fr.plans('items.save') }).click();
  await toast(page, fr.plans('toasts.updated'));

  // Both kept: read again from the server.
  await page.reload();
  await expect(trainings.getByText(training, { exact: true })).toBeVisible();
  await expect(trainings.getByText(detail)).toBeVisible();
  await screens.check('plan trainings');
  await page.getByRole('tab', { name: fr.plans('profile.tabs.supports'), exact: true }).click();
  await expect(supports.getByRole('button', { name: card(support) })).toBeVisible();
  screens.expectNone();
});

test('a case note and an outcome recorded in French; the outcome closes the plan', async ({
  page,
  request,
}, info) => {
  test.slow();
  const { id, token } = await createClient(request, {
    first_name: 'Benoît',
    last_name: `Cormier${unique()}`,
  });
  const planId = await createPlan(request, token, id);
  const screens = new Screens(page, info);
  await signInQuickly(page, DEMO.coordinator);
  await page.goto(`/client/${id}/plan/${planId}`);
  await page.getByRole('tab', { name: fr.plans('profile.tabs.notes') }).click();
  await expect(page.getByText(fr.records('notes.empty'))).toBeVisible();

  await page.getByRole('button', { name: fr.records('notes.newNote') }).click();
  await page.getByLabel(fr.records('notes.fields.topic')).fill('Révision du curriculum vitæ');
  await page
    .getByRole('textbox', { name: fr.records('notes.fields.notes'), exact: true })
    .fill('Nous avons revu le curriculum vitæ ensemble et préparé une lettre de présentation.');
  await screens.check('new note');
  await page.getByRole('button', { name: fr.common('actions.save') }).click();
  await toast(page, fr.records('notes.toasts.created'));
  const notes = page.getByRole('list', { name: fr.records('notes.listLabel') }).getByRole('listitem');
  await expect(notes).toHaveCount(1);
  await expect(notes.first()).toContainText('Révision du curriculum vitæ');
  await screens.check('notes');

  // An outcome: Complete, employed, permanent, with a certificate.
  await page.getByRole('tab', { name: fr.plans('profile.tabs.outcome') }).click();
  await expect(page.getByText(fr.records('outcome.empty'))).toBeVisible();
  await page.getByRole('button', { name: fr.records('outcome.add') }).click();
  const outcomes = (field: string, value: string) =>
    option('plan-records', ['outcome', 'options', field, value]);
  await choose(page, fr.records('outcome.fields.program_outcome'), outcomes('program_outcome', 'Complete'));
  await choose(
    page,
    fr.records('outcome.fields.post_program_status'),
    outcomes('post_program_status', 'Employed'),
  );
  await choose(page, fr.records('outcome.fields.employment_type'), outcomes('employment_type', 'Permanent'));
  await page.getByLabel(fr.records('outcome.fields.job_title')).fill('Soudeuse');
  await page
    .getByRole('radiogroup', { name: fr.records('outcome.fields.received_certificate') })
    .getByRole('radio', { name: outcomes('received_certificate', 'Yes') })
    .check();
  await expect(page.getByText(fr.records('outcome.form.closesPlan'))).toBeVisible();
  await screens.check('new outcome');
  await page.getByRole('button', { name: fr.common('actions.save') }).click();
  await toast(page, fr.records('outcome.toasts.created'));
  await expect(page.getByText(outcomes('program_outcome', 'Complete'), { exact: true })).toBeVisible();
  await expect(page.getByText('Soudeuse')).toBeVisible();
  await expect(page.getByText(fr.plans('status.Closed'), { exact: true }).first()).toBeVisible();
  await screens.check('outcome');
  screens.expectNone();
});

test("a group's bulk action in French: interactions recorded for every member", async ({
  page,
  request,
}, info) => {
  test.slow();
  const tag = unique();
  const members = [
    await createClient(request, { first_name: 'Ginette', last_name: `Arsenault${tag}` }),
    await createClient(request, { first_name: 'Mathieu', last_name: `Thériault${tag}` }),
  ];
  for (const member of members) await createPlan(request, member.token, member.id);
  const token = members[0]!.token;
  const inPerson = await frenchName(request, token, 'interactions', 'In person');
  const name = `Cercle d'emploi ${tag}`;
  const groupId = await createGroup(page, token, {
    name,
    description: 'Les mardis matin : curriculum vitæ, entrevues et dîner partagé.',
    clients: members.map((m) => ({ client_id: m.id })),
  });
  const screens = new Screens(page, info);
  await signInQuickly(page, DEMO.coordinator);
  await page.goto(`/group/${groupId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(
    page.getByRole('table', { name: fr.groups('members.tableLabel') }).getByRole('row'),
  ).toHaveCount(3);
  await screens.check('group profile');

  const bulk = page.getByRole('button', { name: fr.groups('bulk.menu') });
  await bulk.click();
  const menu = page.getByRole('dialog', { name: fr.groups('bulk.menu') });
  await expect(menu.getByRole('button', { name: fr.groups('bulk.trainings') })).toBeVisible();
  await screens.check('group bulk menu');
  await menu.getByRole('button', { name: fr.groups('bulk.interactions') }).click();
  const dialog = page.getByRole('dialog', { name: fr.interactions('groupTitle') });
  const increase = dialog.getByRole('button', {
    name: fr.interactions('counter.increase', { name: inPerson }),
  });
  await increase.click();
  await increase.click();
  await screens.check('group interactions dialog');
  await dialog.getByRole('button', { name: fr.interactions('actions.add') }).click();
  await toast(page, fr.interactions('toasts.groupRecorded'));
  await expect(dialog).toHaveCount(0);

  // Each member's profile counts them.
  for (const member of members) {
    await page.goto(`/client/${member.id}`);
    await page.getByRole('tab', { name: fr.clients('profile.tabs.interactions') }).click();
    await expect(
      page
        .getByRole('table', { name: fr.clients('profile.interactions.tableLabel') })
        .getByRole('row', { name: new RegExp(`${escapeRegExp(inPerson)}\\s+2`) }),
    ).toBeVisible();
  }
  await screens.check('client interactions');
  screens.expectNone();
});
