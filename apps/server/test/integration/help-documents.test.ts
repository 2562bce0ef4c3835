import fs from 'node:fs';
import path from 'node:path';
import { HELP_CATEGORIES, type HelpArticle, type HelpSearchHit } from '@cairn/shared/help.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const SUPPORT_EMAIL = 'help-desk@centre.example';

/** The articles in the repository: docs/help/<category>/<page>.md, with their front matter's title. */
const sources = HELP_CATEGORIES.flatMap((category) =>
  fs
    .readdirSync(path.join(root, 'docs/help', category))
    .filter((f) => f.endsWith('.md'))
    .map((file) => {
      const text = fs.readFileSync(path.join(root, 'docs/help', category, file), 'utf8');
      return { category, page: file.slice(0, -3), title: /^title: (.+)$/m.exec(text)![1]!, text };
    }),
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL });
});
afterAll(() => t.close());

const list = async (as: DemoUserKey, query = '') => {
  const res = await t.call('GET', `/api/help/articles${query}`, { as });
  return { status: res.status, articles: (res.json?.articles ?? []) as HelpArticle[], json: res.json };
};
const search = async (as: DemoUserKey, q: string) => {
  const res = await t.call('GET', `/api/help/search?q=${encodeURIComponent(q)}`, { as });
  return { status: res.status, articles: (res.json?.articles ?? []) as HelpSearchHit[], json: res.json };
};
const pagesOf = (articles: readonly { category: string; page: string }[]) =>
  articles.map((a) => `${a.category}/${a.page}`).sort();

describe('help: each role reads its categories (spec §6)', () => {
  it('has at least 15 articles, in every category', () => {
    expect(sources.length).toBeGreaterThanOrEqual(15);
    for (const category of HELP_CATEGORIES) expect(sources.some((s) => s.category === category)).toBe(true);
  });

  it('lists every article for an Admin, with its title and updated date', async () => {
    const { status, articles } = await list('admin');
    expect(status).toBe(200);
    expect(pagesOf(articles)).toEqual(pagesOf(sources));
    for (const article of articles) {
      const source = sources.find((s) => s.category === article.category && s.page === article.page)!;
      expect(article.title).toBe(source.title);
      expect(article.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('leaves Admin out for a Coordinator, and lists only Reporting for a Reporter', async () => {
    const coordinator = await list('coordinator');
    expect(pagesOf(coordinator.articles)).toEqual(pagesOf(sources.filter((s) => s.category !== 'admin')));
    const reporter = await list('reporter');
    expect(pagesOf(reporter.articles)).toEqual(pagesOf(sources.filter((s) => s.category === 'reporting')));
  });

  it("lists one category's articles, and refuses a category of another role's", async () => {
    const reporting = await list('reporter', '?category=reporting');
    expect(reporting.status).toBe(200);
    expect(new Set(reporting.articles.map((a) => a.category))).toEqual(new Set(['reporting']));
    expect((await list('coordinator', '?category=admin')).status).toBe(403);
    for (const category of ['getting-started', 'client-management', 'plan-management', 'admin']) {
      const refused = await list('reporter', `?category=${category}`);
      expect(refused.status, category).toBe(403);
      expect(refused.json.error.code).toBe('forbidden');
    }
    const unknown = await list('admin', '?category=secrets');
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.field_codes).toBeDefined();
  });

  it('asks for a sign-in', async () => {
    for (const url of ['/api/help/articles', '/api/help/search?q=plan']) {
      const res = await t.call('GET', url);
      expect(res.status, url).toBe(401);
    }
  });
});

describe('help search (spec §5: title or body, ignoring case)', () => {
  it('finds an article by its title in any case, title matches first', async () => {
    const { status, articles } = await search('coordinator', 'sin PRIVACY');
    expect(status).toBe(200);
    expect(articles[0]).toMatchObject({
      category: 'client-management',
      page: 'sin-privacy',
      title: 'SIN privacy',
    });
  });

  it('finds words of the body only, with the words around them and the match as written', async () => {
    const { articles } = await search('coordinator', 'NORTHERN LIVING allowance');
    expect(pagesOf(articles)).toEqual(
      pagesOf(sources.filter((s) => /northern living allowance/i.test(s.text) && s.category !== 'admin')),
    );
    const hit = articles.find((a) => a.page === 'barriers-supports-and-trainings')!;
    expect(hit.title).not.toMatch(/northern/i);
    expect(hit.excerpt.match).toBe('northern living allowance');
    expect(hit.excerpt.before.length).toBeGreaterThan(0);
    expect(`${hit.excerpt.before}${hit.excerpt.match}${hit.excerpt.after}`).toContain(
      'Help filling in the forms',
    );
  });

  it('searches only the categories of the role', async () => {
    // "fiscal year" is in Plan Management and Reporting articles alike.
    const everyone = await search('admin', 'Fiscal Year');
    expect(new Set(everyone.articles.map((a) => a.category))).toEqual(
      new Set(['plan-management', 'reporting']),
    );
    const reporter = await search('reporter', 'fiscal year');
    expect(reporter.articles.length).toBeGreaterThan(0);
    expect(new Set(reporter.articles.map((a) => a.category))).toEqual(new Set(['reporting']));
    expect((await search('reporter', 'Mappings: the catalogue')).articles).toEqual([]);
    expect((await search('admin', 'Mappings: the catalogue')).articles.map((a) => a.page)).toEqual([
      'mappings',
    ]);
  });

  it('takes the query literally, and answers nothing when nothing matches', async () => {
    expect((await search('admin', '.*')).articles).toEqual([]);
    expect((await search('admin', 'zebra crossing in Iqaluit')).articles).toEqual([]);
  });

  it('refuses an empty or over-long query with a 400', async () => {
    for (const q of ['', '   ', 'x'.repeat(129)]) {
      const res = await search('admin', q);
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect(res.json.error.field_codes.q).toBeDefined();
    }
  });
});

describe('help pages: answered by the API to the roles that read them (issue 27), and the support address', () => {
  const article = (as: DemoUserKey | null, category: string, page: string) =>
    t.call('GET', `/api/help/articles/${category}/${page}`, as ? { as } : {});

  it('answers every article as sanitised HTML, with its title and date, to an Admin', async () => {
    for (const source of sources) {
      const res = await article('admin', source.category, source.page);
      expect(res.status, source.page).toBe(200);
      expect(res.json).toMatchObject({ category: source.category, page: source.page, title: source.title });
      const firstHeading = /^## (.+)$/m.exec(source.text)?.[1];
      if (firstHeading) expect(res.json.html).toContain('<h2>');
      expect(res.json.html).toContain('<p>');
      expect(res.json.html).not.toMatch(/<script|<h1|\son\w+=|javascript:/i);
    }
  });

  it("answers each role its categories' articles, 403 for another role's, 401 without a sign-in", async () => {
    for (const as of ['coordinator', 'reporter', 'admin'] as const) {
      const readable = pagesOf((await list(as)).articles);
      for (const source of sources) {
        const res = await article(as, source.category, source.page);
        const reads = readable.includes(`${source.category}/${source.page}`);
        expect(res.status, `${as} ${source.category}/${source.page}`).toBe(reads ? 200 : 403);
      }
    }
    const admin = sources.find((s) => s.category === 'admin')!;
    expect((await article('coordinator', 'admin', admin.page)).status).toBe(403);
    expect((await article('reporter', 'admin', admin.page)).status).toBe(403);
    const anonymous = await article(null, 'admin', admin.page);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).not.toContain('<h2>');
  });

  it('serves no article as a static file, to anyone: the old addresses hold no page', async () => {
    const admin = sources.find((s) => s.category === 'admin')!;
    for (const source of [admin, sources[0]!]) {
      for (const as of [null, 'coordinator', 'admin'] as const) {
        const res = await t.call('GET', `/help/${source.category}/${source.page}.html`, as ? { as } : {});
        expect(res.status).toBe(404);
        expect(res.body).not.toContain('<h2>');
      }
    }
    expect(fs.existsSync(path.join(root, 'apps/web/public/help'))).toBe(false);
  });

  it('answers 404 for a missing page of a readable category, 400 for what is no page name', async () => {
    expect((await article('admin', 'admin', 'no-such-page')).status).toBe(404);
    expect((await article('admin', 'secrets', 'users')).status).toBe(400);
    expect((await article('admin', 'admin', '..%2Fusers')).status).toBe(400);
  });

  it('answers the support address set by SUPPORT_EMAIL, without a sign-in', async () => {
    const res = await t.call('GET', '/api/help/contact');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ support_email: SUPPORT_EMAIL });
  });
});

describe('help in French (issue 34)', () => {
  /** The French articles, docs/help-fr/<category>/<page>.md, with their titles. */
  const french = sources.map((s) => {
    const text = fs.readFileSync(path.join(root, 'docs/help-fr', s.category, `${s.page}.md`), 'utf8');
    return { category: s.category, page: s.page, title: /^title: (.+)$/m.exec(text)![1]!, text };
  });
  const asFrench = async <T>(as: DemoUserKey, run: () => Promise<T>): Promise<T> => {
    const id = t.demo[as].userId;
    expect((await t.call('PUT', `/api/users/${id}`, { as, body: { locale: 'fr' } })).status).toBe(200);
    try {
      return await run();
    } finally {
      await t.call('PUT', `/api/users/${id}`, { as, body: { locale: 'en' } });
    }
  };

  it('lists, reads and searches the French articles for a French user, the same pages as in English', async () => {
    await asFrench('admin', async () => {
      const { articles } = await list('admin');
      expect(pagesOf(articles)).toEqual(pagesOf(sources));
      for (const article of articles) {
        const source = french.find((s) => s.category === article.category && s.page === article.page)!;
        expect(article.title).toBe(source.title);
      }
      const page = await t.call('GET', '/api/help/articles/getting-started/finding-your-way', {
        as: 'admin',
      });
      expect(page.status).toBe(200);
      expect(page.json.title).toBe(french.find((s) => s.page === 'finding-your-way')!.title);
      // A word of the French articles only.
      const found = await search('admin', 'courriel');
      expect(found.status).toBe(200);
      expect(found.articles.length).toBeGreaterThan(0);
    });
    // English again: the English titles.
    const { articles } = await list('admin');
    expect(articles.map((a) => a.title)).toContain(sources[0]!.title);
  });

  it("keeps each role's categories in French too", async () => {
    await asFrench('reporter', async () => {
      const { articles } = await list('reporter');
      expect(new Set(articles.map((a) => a.category))).toEqual(new Set(['reporting']));
      const admin = await t.call('GET', '/api/help/articles/admin/users', { as: 'reporter' });
      expect(admin.status).toBe(403);
    });
  });
});

/** WinAnsi (Windows-1252), the standard fonts' encoding: its bytes 0x80 to 0x9F; the others are Latin-1's. */
