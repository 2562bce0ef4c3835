import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { pseudoText } from '../apps/web/src/lib/pseudo-locale.ts';
import { clippedOf } from './support/clipping.ts';
import { settled } from './support/settled.ts';
import { untranslatedIn } from './support/untranslated.ts';
import { apiToken, DEMO, DEMO_PASSWORD } from './support/session.ts';

/**
 * Every screen in the pseudo-locale (issue 34, apps/web/src/lib/pseudo-locale.ts: English accented,
 * ~40 % longer, ⟦marked⟧), as Admin, Coordinator and Reporter, at 1440 and 390 px wide:
 * - a visible text or a visible element's aria-label, title, placeholder or alt holding plain
 *   Latin letters that are neither from the catalogues (accented) nor data (a string the screen
 *   received from /api, or the session's) bypassed the catalogues;
 * - a button, link, tab, label, badge, table header or heading whose text does not fit its box
 *   (cut off or sticking out) will not fit French either, unless cut by design (… or a line clamp)
 *   with its whole at hand: data (the record is a click away), or a title or aria-label.
 * Every screen is checked before the journey fails, and the findings are listed by screen.
 */

const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 390, height: 844 };
/** An address no screen answers: the error screen. */
const NOWHERE = '/no-such-screen';

/** A web catalogue's text in the pseudo-locale, as the screens show it. */
function pseudo(area: string, key: string): string {
  const catalogue = JSON.parse(fs.readFileSync(`apps/web/src/locales/en/${area}.json`, 'utf8')) as unknown;
  const text = key.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown>)[part], catalogue);
  if (typeof text !== 'string') throw new Error(`${area}:${key} is not a text`);
  return pseudoText(text);
}

/**
 * Plain Latin words on a screen that are right as they are, each with its reason (regular
 * expressions' sources, matched after the data is taken out). Server-written English that reaches
 * the web as data needs no entry: it is data.
 */
const ALLOWED: ReadonlyArray<{ words: string; why: string }> = [
  {
    words:
      '\\b(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\\b\\.?',
    why: 'a month in a date Intl writes in en-CA (the pseudo-locale formats as English)',
  },
  {
    words: '(?<=\\d ?)(?:[ap]\\.m\\.|[ap]m\\b)',
    why: "a time of day's period from Intl in en-CA (10:42 a.m.; the spec's 03:04pm)",
  },
  {
    words: '(?<=\\d\\s?)(?:kB|MB)\\b',
    why: "a file's size unit from Intl in en-CA (lib/file-size.ts: 23 kB, 4.2 MB)",
  },
  { words: '\\bCairn\\b', why: "the product's name (PRODUCT_NAME), the same in every language" },
  { words: '(?<=[⟧\\s,])and(?=\\s)', why: "Intl.ListFormat's conjunction in en-CA (audit sentences)" },
];

/**
 * Findings in files others were changing when this journey was written (so left to them), each
 * with what to do. An entry no longer found fails the journey, so that it goes once fixed.
 */
const KNOWN_FINDINGS: ReadonlyArray<{ screen: string; problem: string; why: string }> = [];

type Findings = Map<string, string[]>;

/** A role's walk: one page, the data its screens received, and what was found, by screen. */
class Walk {
  private data = new Set<string>();
  private reading: Array<Promise<void>> = [];
  readonly findings: Findings = new Map();
  /** PUT /api/users/{id} bodies sent: the pseudo-locale is never one. */
  readonly accountChanges: string[] = [];

  constructor(
    readonly page: Page,
    readonly role: string,
  ) {
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!url.pathname.startsWith('/api/')) return;
      if (!(response.headers()['content-type'] ?? '').includes('json')) return;
      this.reading.push(
        response.json().then(
          (body: unknown) => this.keep(body),
          () => undefined,
        ),
      );
    });
    page.on('request', (request) => {
      if (request.method() === 'PUT' && /\/api\/users\/\d+$/.test(new URL(request.url()).pathname))
        this.accountChanges.push(request.postData() ?? '');
    });
  }

  private keep(value: unknown) {
    if (typeof value === 'string') this.data.add(value);
    else if (value && typeof value === 'object') Object.values(value).forEach((v) => this.keep(v));
  }

  /** Checks the screen as it is, in every frame, and files what is found under `screen`. */
  async check(screen: string) {
    await settled(this.page);
    await Promise.all(this.reading);
    const data = [...this.data];
    const allowed = ALLOWED.map((a) => a.words);
    const problems: string[] = [];
    for (const frame of this.page.frames()) {
      if (frame.url() === 'about:blank') continue;
      const found = await frame.evaluate(untranslatedIn, { data, allowed });
      const where = frame === this.page.mainFrame() ? '' : ' (in the dashboard frame)';
      problems.push(...found.map((p) => `${p}${where}`));
    }
    problems.push(...(await clippedOf(this.page, { marked: true })).map((p) => `does not fit: ${p}`));
    if (problems.length) this.findings.set(`${this.role} ${screen}`, [...new Set(problems)]);
  }

  /**
   * Opens `path` at 1440 px, waits for its heading (and `ready`), checks it, then narrows the same
   * page to 390 px and checks it again.
   */
  async visit(path: string, ready?: (page: Page) => Promise<void>) {
    const { page } = this;
    this.data.clear();
    await page.setViewportSize(WIDE);
    await page.goto(path);
    await expect(page.locator('h1').first(), path).toBeVisible({ timeout: 15_000 });
    if (ready) await ready(page);
    // The screen itself, not an error page in its place (but at the made-up address).
    if (path !== NOWHERE)
      for (const name of [pseudo('errors', 'heading'), pseudo('errors', 'notFound.heading')])
        await expect(page.getByRole('heading', { level: 1, name, exact: true }), path).toHaveCount(0);
    await this.check(`${path} at 1440 px`);
    await page.setViewportSize(NARROW);
    await this.check(`${path} at 390 px`);
  }
}

/**
 * Fails with every walk's findings, by screen (but the known ones), and with a known finding no
 * longer found among the screens walked; and if a walk told the server of a language.
 */
function report(...walks: Walk[]) {
  const known = (screen: string, problem: string) =>
    KNOWN_FINDINGS.some((k) => k.screen === screen && problem.startsWith(k.problem));
  const list = walks.flatMap((walk) =>
    [...walk.findings].flatMap(([screen, all]) => {
      const problems = all.filter((problem) => !known(screen, problem));
      return problems.length ? [`${screen}\n    ${problems.join('\n    ')}`] : [];
    }),
  );
  expect(list, `Screens in the pseudo-locale with problems:\n${list.join('\n')}`).toEqual([]);
  const walked = walks.map((walk) => `${walk.role} `);
  const gone = KNOWN_FINDINGS.filter(
    (k) =>
      walked.some((role) => k.screen.startsWith(role)) &&
      !walks.some((walk) => walk.findings.get(k.screen)?.some((problem) => problem.startsWith(k.problem))),
  );
  expect(gone, 'Known findings no longer found: take them out of KNOWN_FINDINGS').toEqual([]);
  expect(walks.flatMap((walk) => walk.accountChanges).filter((body) => body.includes('locale'))).toEqual([]);
}

/** The dashboard in the reports screen's frame has drawn its heading. */
const dashboardDrawn = (page: Page) =>
  expect(page.frameLocator('iframe').first().locator('h1')).toBeVisible({ timeout: 15_000 });

/** Signs in on the login screen in the pseudo-locale (its labels are the catalogue's, pseudo). */
async function signInPseudo(page: Page, email: string) {
  await page.getByLabel(pseudo('auth', 'login.email')).fill(email);
  await page.getByLabel(pseudo('auth', 'login.password'), { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: pseudo('auth', 'login.submit') }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The user as the server keeps them (the sign-in answer's), and a token of theirs. */
async function account(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { accessToken: string; user: { user_id: number; locale: string } };
  return { id: body.user.user_id, locale: body.user.locale, token: body.accessToken };
}

/** Ids of the demo data a role sees: a client with a plan (and a story, if any); its API getter. */
async function demoIds(request: APIRequestContext, email: string) {
  const token = await apiToken(request, email);
  const get = async <T>(url: string): Promise<T> => {
    const res = await request.get(url, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status(), url).toBe(200);
    return (await res.json()) as T;
  };
  const { items } = await get<{ items: Array<{ client_id: number }> }>('/api/clients');
  let chosen: { clientId: number; planId: number } | null = null;
  for (const { client_id } of items.slice(0, 20)) {
    const plans = await get<Array<{ plan_id: number }>>(`/api/clients/${client_id}/plans`);
    if (!plans.length) continue;
    chosen ??= { clientId: client_id, planId: plans[0]!.plan_id };
    const stories = await get<unknown[]>(`/api/clients/${client_id}/stories`);
    if (stories.length) {
      chosen = { clientId: client_id, planId: plans[0]!.plan_id };
      break;
    }
  }
  expect(chosen, 'a demo client with a plan').not.toBeNull();
  return { ...chosen!, get };
}

// The Admin's walk opens every screen twice (two widths): about four minutes on a slow 2-core machine.
test.describe.configure({ timeout: 480_000 });

test('Admin: every screen in the pseudo-locale reads from the catalogues and fits, at 1440 and 390 px', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const walk = new Walk(page, 'Admin');

  // English needs no pseudo-locale: its chunk is neither in the first page nor fetched.
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  expect(await (await page.request.get('/')).text()).not.toContain('pseudo-locale');
  expect(scripts.filter((s) => s.includes('pseudo-locale'))).toEqual([]);

  // ?pseudo turns it on: the words are the catalogue's made pseudo, Intl stays en-CA, and the
  // language switch still offers French only.
  await page.goto('/login?pseudo');
  await expect(page.getByRole('heading', { level: 1, name: pseudo('auth', 'login.heading') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA');
  expect(scripts.filter((s) => s.includes('pseudo-locale'))).toHaveLength(1);
  await expect(page.locator('button[lang]')).toHaveAttribute('lang', 'fr');
  await walk.check('/login at 1440 px');
  await page.setViewportSize(NARROW);
  await walk.check('/login at 390 px');
  await walk.visit('/login/forgot');
  await walk.visit('/login/reset-password?token=not-a-token');
  await page.setViewportSize(WIDE);
  await page.goto('/login');
  await signInPseudo(page, DEMO.admin);
  expect(await page.evaluate(() => localStorage.getItem('cairn.language'))).toBe('en-XA');

  const { clientId, planId, get } = await demoIds(request, DEMO.admin);
  const me = await account(request, DEMO.admin);
  const [centre] = await get<Array<{ centre_id: number }>>('/api/centres');
  const [barrier] = await get<Array<{ barrier_id: number }>>('/api/barriers');
  const groups = (await get<{ items: Array<{ group_id: number }> }>('/api/groups')).items;

  const client = `/client/${clientId}`;
  const plan = `${client}/plan/${planId}`;
  // The header's menus at 1440 px and the navigation drawer at 390, over the client list.
  await walk.visit('/clients');
  await page.getByRole('button', { name: pseudo('layout', 'burger.open') }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await walk.check('/clients navigation drawer at 390 px');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.setViewportSize(WIDE);
  const accountMenu = pseudo('layout', 'account.menu').split('}}')[1]!;
  for (const [menu, name] of [
    ['account menu', accountMenu],
    ['settings menu', pseudo('layout', 'settings.menu')],
  ] as const) {
    await page.getByRole('button', { name }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await walk.check(`/clients ${menu} at 1440 px`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  }

  for (const path of [
    client,
    `${client}?tab=demographic`,
    `${client}?tab=ancestry`,
    `${client}?tab=interactions`,
    `${client}?tab=attachments`,
    `${client}/stories`,
    plan,
    ...['barriers', 'supports', 'trainings', 'spendings', 'notes', 'outcome', 'follow-ups'].map(
      (tab) => `${plan}?tab=${tab}`,
    ),
    `${client}/plan/create`,
    `${client}/merge`,
    '/client/create',
    '/clients/import',
    '/clients/duplicates',
    '/interaction',
    '/users',
    '/user/create',
    `/user/${me.id}`,
    '/centres',
    '/centre/create',
    `/centre/${centre!.centre_id}`,
    '/audit',
    '/mappings',
    '/mapping/barriers',
    '/mapping/supports',
    '/mapping/trainings?tab=disabled',
    `/mapping/barriers/${barrier!.barrier_id}`,
    '/mapping/supports/new',
    '/documents',
    '/help',
    '/help/search?q=plan',
    '/help/admin',
    '/help/admin/users',
    // Groups are a Coordinator's: an Admin meets the no-access screen.
    `/group/${groups[0]?.group_id ?? 1}`,
    NOWHERE,
  ])
    await walk.visit(path);
  for (const tab of ['', 'client_interactions', 'plans', 'outcomes', 'supports_trainings', 'stories'])
    await walk.visit(tab ? `/reports?tab=${tab}` : '/reports', dashboardDrawn);
  await walk.visit('/reports?tab=ministry');

  // The choice stayed in this browser: the server still has the account's own language.
  expect(await page.evaluate(() => localStorage.getItem('cairn.language'))).toBe('en-XA');
  expect((await account(request, DEMO.admin)).locale).toBe(me.locale);
  await context.close();
  report(walk);
});

test('Coordinator and Reporter: their own screens in the pseudo-locale, at 1440 and 390 px', async ({
  browser,
  request,
}) => {
  const { clientId, get } = await demoIds(request, DEMO.coordinator);
  const groups = (await get<{ items: Array<{ group_id: number }> }>('/api/groups')).items;
  const walks: Walk[] = [];
  for (const [role, email] of [
    ['Coordinator', DEMO.coordinator],
    ['Reporter', DEMO.reporter],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const walk = new Walk(page, role);
    walks.push(walk);
    // Chosen through the browser's storage this time, as a developer would.
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('cairn.language', 'en-XA'));
    await page.reload();
    await signInPseudo(page, email);
    const me = await account(request, email);
    const paths =
      role === 'Coordinator'
        ? [
            '/my-work',
            '/clients',
            `/client/${clientId}`,
            '/groups',
            '/group/create',
            `/group/${groups[0]!.group_id}`,
            '/documents',
            '/help',
            `/user/${me.id}`,
            // Settings are an Admin's: the no-access screen.
            '/users',
          ]
        : ['/help', '/help/reporting', `/user/${me.id}`];
    for (const path of paths) await walk.visit(path);
    await walk.visit('/reports', dashboardDrawn);
    expect(await page.evaluate(() => localStorage.getItem('cairn.language'))).toBe('en-XA');
    await context.close();
  }
  report(...walks);
});

test('the pseudo-locale outlasts the sign-in of a user whose language is French, and the server never hears of it', async ({
  page,
  request,
}) => {
  const user = await account(request, DEMO.coordinator2);
  const setLocale = async (locale: string) => {
    const res = await request.put(`/api/users/${user.id}`, {
      headers: { Authorization: `Bearer ${user.token}` },
      data: { locale },
    });
    expect(res.status()).toBe(200);
  };
  await setLocale('fr');
  try {
    const changes: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && new URL(r.url()).pathname.startsWith('/api/users/'))
        changes.push(r.postData() ?? '');
    });
    await page.goto('/login?pseudo');
    await signInPseudo(page, DEMO.coordinator2);
    await expect(page.getByRole('link', { name: pseudo('layout', 'nav.clients') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA');
    // A reload signs in from the kept session: still the pseudo-locale.
    await page.reload();
    await expect(page.getByRole('link', { name: pseudo('layout', 'nav.clients') })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('cairn.language'))).toBe('en-XA');
    expect(changes).toEqual([]);
    expect((await account(request, DEMO.coordinator2)).locale).toBe('fr');
  } finally {
    await setLocale('en');
  }
});
