import fs from 'node:fs';
import { formatLongDate } from '@cairn/shared/format';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { violationsOf } from './accessibility.ts';
import { clippedOf } from './clipping.ts';
import { overflowOf } from './screen-width.ts';
import { DEMO, setLanguage } from './session.ts';

/**
 * The French journeys' words and checks (e2e/french-journey.spec.ts, french-reports.spec.ts,
 * french-documents-help.spec.ts): the French catalogues' texts by key, the catalogue's French
 * names from the API, and the checks made at each screen (axe, English left, words cut off and
 * what runs past the edge at 390 px).
 */

type Tree = { [key: string]: string | Tree };
type Values = Record<string, string | number>;

/** A catalogue's text at a dotted key, its {{variables}} filled. */
function catalogue(file: string) {
  const tree = JSON.parse(fs.readFileSync(file, 'utf8')) as Tree;
  return (key: string, values: Values = {}): string => {
    const text = key
      .split('.')
      .reduce<Tree | string | undefined>((at, part) => (typeof at === 'object' ? at[part] : undefined), tree);
    if (typeof text !== 'string') throw new Error(`${file} has no text at ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
  };
}
const web = (area: string) => catalogue(`apps/web/src/locales/fr/${area}.json`);
export const fr = {
  auth: web('auth'),
  layout: web('layout'),
  common: web('common'),
  clients: web('clients'),
  plans: web('plans'),
  items: web('plan-items'),
  records: web('plan-records'),
  groups: web('groups'),
  interactions: web('interactions'),
  reports: web('reports'),
  documents: web('documents'),
  help: web('help'),
  spreadsheets: catalogue('packages/shared/src/locales/fr/spreadsheets.json'),
  pdf: catalogue('packages/shared/src/locales/fr/pdf-documents.json'),
};
/** A Select's choice or a stored value's label: keys that may hold dots or spaces. */
export const option = (tree: string, path: string[]) =>
  path.reduce<unknown>(
    (at, part) => (at as Record<string, unknown>)[part],
    JSON.parse(fs.readFileSync(`apps/web/src/locales/fr/${tree}.json`, 'utf8')),
  ) as string;

/**
 * Every English catalogue text (web and shared) with no French twin: the text at the same key in
 * French differs, and no French text anywhere is the same (names such as Cairn, or words the two
 * languages share, are left out). Whole texts only, with no {{variables}} or tags.
 */
const ENGLISH_ONLY: string[] = (() => {
  const leaves = (tree: unknown, at: string, into: Map<string, string>) => {
    if (typeof tree === 'string') into.set(at, tree.replace(/\s+/g, ' ').trim());
    else if (tree && typeof tree === 'object')
      for (const [key, value] of Object.entries(tree)) leaves(value, `${at}.${key}`, into);
  };
  const english = new Map<string, string>();
  const french = new Map<string, string>();
  for (const base of ['apps/web/src/locales', 'packages/shared/src/locales'])
    for (const file of fs.readdirSync(`${base}/en`)) {
      leaves(JSON.parse(fs.readFileSync(`${base}/en/${file}`, 'utf8')), `${base}/${file}`, english);
      leaves(JSON.parse(fs.readFileSync(`${base}/fr/${file}`, 'utf8')), `${base}/${file}`, french);
    }
  const frenchTexts = new Set(french.values());
  return [
    ...new Set(
      [...english]
        .filter(([key, text]) => french.get(key) !== text && !frenchTexts.has(text))
        .map(([, text]) => text)
        .filter((text) => /[A-Za-z]/.test(text) && !/\{\{|<\d|\$t\(/.test(text)),
    ),
  ];
})();

/**
 * The English catalogue texts a document (the page's or a frame's) shows as they are now: a
 * visible text, or a visible element's aria-label, title, placeholder or alt, that is one of
 * them whole. Text marked English on purpose (lang="en…": the language switch, the English
 * version of a form) is left out. Runs in the browser.
 */
function englishIn(english: string[]): string[] {
  const words = new Set(english);
  const normal = (text: string) => text.replace(/\s+/g, ' ').trim();
  const seen = (element: Element) => element.checkVisibility({ visibilityProperty: true });
  const markedEnglish = (element: Element) => element.closest('[lang^="en"]') !== null;
  const found = new Set<string>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('script, style, noscript, template, textarea') || markedEnglish(parent))
      continue;
    const text = normal(node.nodeValue ?? '');
    if (words.has(text) && seen(parent)) found.add(`"${text}" <${parent.tagName.toLowerCase()}>`);
  }
  for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    if (markedEnglish(element) || !seen(element)) continue;
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = normal(element.getAttribute(name) ?? '');
      if (words.has(value)) found.add(`"${value}" ${name} of <${element.tagName.toLowerCase()}>`);
    }
  }
  if (window === window.top && words.has(normal(document.title))) found.add(`"${document.title}" <title>`);
  return [...found];
}

const NARROW = { width: 390, height: 844 };

/**
 * The checks made at each screen: <html lang>, axe and the English left, at the screen's width;
 * then at 390 px a screenshot in the test's output, the words cut off and what runs past the
 * window's edge; then the width again.
 * Findings are kept by screen, so one run lists every screen that needs fixing.
 */
export class Screens {
  readonly found: string[] = [];
  private shots = 0;

  constructor(
    private readonly page: Page,
    private readonly info: TestInfo,
  ) {}

  async check(screen: string) {
    const { page } = this;
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    this.found.push(...(await violationsOf(page, screen)));
    for (const frame of page.frames()) {
      if (frame !== page.mainFrame() && frame.url() === 'about:blank') continue;
      const where = frame === page.mainFrame() ? '' : ' (in a frame)';
      const english = await frame.evaluate(englishIn, ENGLISH_ONLY);
      this.found.push(...english.map((text) => `${screen}, in English: ${text}${where}`));
    }
    const size = page.viewportSize()!;
    await page.setViewportSize(NARROW);
    this.found.push(...(await clippedOf(page)).map((p) => `${screen} at 390 px, cut off: ${p}`));
    this.found.push(...(await overflowOf(page)).map((p) => `${screen} at 390 px, past the edge: ${p}`));
    const name = `${String(++this.shots).padStart(2, '0')}-${screen.replace(/[^a-z0-9]+/gi, '-')}-390.png`;
    await page.screenshot({ path: this.info.outputPath(name), fullPage: true });
    await page.setViewportSize(size);
  }

  /** Fails with every screen's findings. */
  expectNone() {
    expect(this.found, `French screens with problems:\n${this.found.join('\n')}`).toEqual([]);
  }
}

/** The French name of a catalogue row or interaction type, as the API gives it. */
export async function frenchName(
  request: APIRequestContext,
  token: string,
  list: 'supports' | 'trainings' | 'interactions',
  english: string,
): Promise<string> {
  const res = await request.get(`/api/${list}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const rows = (await res.json()) as Array<{ name: string; name_fr: string | null }>;
  const row = rows.find((r) => r.name === english);
  expect(row?.name_fr, `the French name of ${english}`).toBeTruthy();
  return row!.name_fr!;
}

/** A date as the French screens write it in full. */
export const frenchDate = (iso: string) => formatLongDate(iso, 'fr-CA');

/**
 * Each test of the file with the Coordinator working in French; after it, whatever happened, the
 * Coordinator and the Admin in English again for the other journeys.
 */
export function inFrenchEachTest(): void {
  test.beforeEach(({ request }) => setLanguage(request, DEMO.coordinator, 'fr'));
  test.afterEach(async ({ request }) => {
    await setLanguage(request, DEMO.coordinator, 'en');
    await setLanguage(request, DEMO.admin, 'en');
  });
}
