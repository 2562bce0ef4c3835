import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  ancestryStepSchema,
  clientStepSchema,
  consentStepSchema,
  demographicStepSchema,
} from '@cairn/shared/clients.schemas';
import { DOCUMENT_FILES, documentAddress, type DocumentFile } from '@cairn/shared/documents';
import { CITIZENSHIPS } from '@cairn/shared/enums';
import { HELP_CATEGORIES, type HelpArticle, type HelpSearchHit } from '@cairn/shared/help.schemas';
import { planInfoSchema } from '@cairn/shared/plans.schemas';
import { sql } from 'drizzle-orm';
import {
  decodePDFRawStream,
  PDFArray,
  PDFCheckBox,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRadioGroup,
  type PDFRawStream,
  PDFString,
  PDFTextField,
  type PDFField,
} from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
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

/** A PDF as served: status, type, and the form read back with pdf-lib. */
async function pdf(name: string) {
  const res = await t.app.inject({ method: 'GET', url: `/documents/${name}` });
  expect(res.statusCode, name).toBe(200);
  expect(res.headers['content-type'], name).toBe('application/pdf');
  const doc = await PDFDocument.load(res.rawPayload);
  return {
    doc,
    fields: new Map(
      doc
        .getForm()
        .getFields()
        .map((f) => [f.getName(), f]),
    ),
  };
}

describe('documents: fillable PDF forms built from the app (spec §2 Documents)', () => {
  it('the intake form holds a field for every question of the four intake steps', async () => {
    const { doc, fields } = await pdf('intake_form.pdf');
    expect(doc.getTitle()).toBe('Client Intake Form');
    const steps = [clientStepSchema, demographicStepSchema, ancestryStepSchema, consentStepSchema];
    for (const field of steps.flatMap((s) => Object.keys(s.shape))) {
      expect(fields.has(field), field).toBe(true);
    }
    expect(fields.get('first_name')).toBeInstanceOf(PDFTextField);
    expect(fields.get('consent')).toBeInstanceOf(PDFCheckBox);
    const citizenship = fields.get('citizenship');
    expect(citizenship).toBeInstanceOf(PDFRadioGroup);
    expect((citizenship as PDFRadioGroup).getOptions()).toEqual([
      'Canadian citizen',
      'Permanent resident',
      'Protected person',
    ]);
  });

  it("the plan form holds the plan info and a box for each of the catalogue's barriers", async () => {
    const { doc, fields } = await pdf('plan_form.pdf');
    expect(doc.getTitle()).toBe('New Plan Form');
    for (const field of Object.keys(planInfoSchema.shape)) expect(fields.has(field), field).toBe(true);
    const barriers = await selectRows<{ name: string }>(
      t.db,
      sql`select name from barriers where not disabled`,
    );
    expect(barriers.length).toBeGreaterThan(10);
    const boxes = [...fields.values()].filter(
      (f) => f instanceof PDFCheckBox && f.getName().startsWith('barrier_'),
    );
    expect(boxes).toHaveLength(barriers.length);
    expect(fields.get('barrier_other_name')).toBeInstanceOf(PDFTextField);
  });

  it('the consent form holds the names, the release choices, and the signature dates', async () => {
    const { doc, fields } = await pdf('consent_form.pdf');
    expect(doc.getTitle()).toBe('Client Consent Form');
    for (const field of ['client_name', 'client_signature_date', 'witness_name', 'witness_signature_date']) {
      expect(fields.get(field), field).toBeInstanceOf(PDFTextField);
    }
    expect([...fields.values()].filter((f) => f instanceof PDFCheckBox).length).toBeGreaterThan(0);
  });

  it('the collection notice the intake links to is still served', async () => {
    const { doc } = await pdf('collection_notice.pdf');
    expect(doc.getTitle()).toBe('Notice of Collection of Personal Information');
  });

  it('answers 404 for a document that does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/documents/secret.pdf' });
    expect(res.statusCode).toBe(404);
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
const WIN_ANSI_80 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = (bytes: Buffer) =>
  Array.from(bytes, (b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_80[b - 0x80] : String.fromCharCode(b))).join(
    '',
  );

/**
 * The text a PDF shows, one drawn string a line: each page's content streams inflated, and the
 * strings of their text operators (pdf-lib draws `<hex> Tj` in the font's WinAnsi) decoded.
 */
function textOf(doc: PDFDocument): string {
  return doc
    .getPages()
    .flatMap((page) => {
      const contents = page.node.Contents();
      const streams =
        contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
      return streams.flatMap((stream) => {
        const operators = Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1');
        return [...operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((m) =>
          winAnsi(Buffer.from(m[1]!, 'hex')),
        );
      });
    })
    .join('\n');
}

/** The language a PDF declares (its catalogue's /Lang). */
function languageOf(doc: PDFDocument): string | undefined {
  const lang = doc.catalog.get(PDFName.of('Lang'));
  return lang instanceof PDFString || lang instanceof PDFHexString ? lang.decodeText() : undefined;
}

/** A field's spoken name (its AcroForm TU entry), what a screen reader says of it. */
function spokenName(field: PDFField): string | undefined {
  const tu = field.acroField.dict.get(PDFName.of('TU'));
  return tu instanceof PDFString || tu instanceof PDFHexString ? tu.decodeText() : undefined;
}

/** Each field's name and kind, sorted: what a filled form maps to the app's questions by. */
const fieldsOf = (fields: Map<string, PDFField>) =>
  [...fields.values()].map((f) => `${f.getName()}:${f.constructor.name}`).sort();

describe('documents in French (issue 34): /documents/fr/, the same fields, the words of the French catalogues', () => {
  const json = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
  const words = json('packages/shared/src/locales/fr/pdf-documents.json');
  const english = json('packages/shared/src/locales/en/pdf-documents.json');
  const clients = json('apps/web/src/locales/fr/clients.json');
  const englishClients = json('apps/web/src/locales/en/clients.json');
  const planItems = json('apps/web/src/locales/fr/plan-items.json');
  const fill = (text: string, values: Record<string, string | number>) =>
    text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
  const TITLE: Record<DocumentFile, string> = {
    'collection_notice.pdf': 'notice',
    'intake_form.pdf': 'intake',
    'plan_form.pdf': 'plan',
    'consent_form.pdf': 'consent',
  };
  const french = (file: DocumentFile) => pdf(documentAddress(file, 'fr').replace('/documents/', ''));

  it('serves each document at /documents/fr/ with its French title, language and text', async () => {
    expect(documentAddress('intake_form.pdf', 'fr')).toBe('/documents/fr/intake_form.pdf');
    for (const file of DOCUMENT_FILES) {
      const { doc } = await french(file);
      const { doc: englishDoc } = await pdf(file);
      const title = words[TITLE[file]].title as string;
      expect(doc.getTitle(), file).toBe(title);
      expect(title).not.toBe(englishDoc.getTitle());
      expect(languageOf(doc), file).toBe('fr-CA');
      expect(languageOf(englishDoc), file).toBe('en-CA');
      const text = textOf(doc);
      const pages = doc.getPageCount();
      expect(text.split('\n')[0], file).toBe(title);
      expect(text, file).toContain(fill(words.page, { title, page: pages, pages }));
      // The English reads back the same way, in English: the reading finds what is drawn.
      const englishText = textOf(englishDoc);
      expect(englishText.split('\n')[0]).toBe(englishDoc.getTitle());
      const englishPages = englishDoc.getPageCount();
      expect(englishText).toContain(
        fill(english.page, { title: englishDoc.getTitle()!, page: englishPages, pages: englishPages }),
      );
      expect(englishText).not.toContain(title);
    }
  });

  it("the French intake form: the English one's fields, its questions and choices in French", async () => {
    const { doc, fields } = await french('intake_form.pdf');
    const { fields: englishFields } = await pdf('intake_form.pdf');
    expect(fieldsOf(fields)).toEqual(fieldsOf(englishFields));
    const text = textOf(doc);
    // Accents, guillemets and the no-break space before a colon are drawn as written.
    expect(text).toContain(fill(words.step, { number: 1, name: clients.intake.steps.client }));
    expect(text).toContain(`${clients.fields.first_name} *`);
    expect(text).toContain(clients.fields.hints.postal_code);
    expect(text).toContain(words.intake.sinHint);
    expect(text).toContain('/documents/fr/collection_notice.pdf');
    // The citizenship question shows its French choices, never the English ones. Its options (the
    // values a filled form holds) are the values the app stores, in both languages: the database's
    // CHECK and the ministry file take 'Canadian citizen' whatever the language it was asked in.
    for (const value of CITIZENSHIPS) {
      expect(text).toContain(clients.options.citizenship[value]);
      expect(text).not.toContain(englishClients.options.citizenship[value]);
    }
    const citizenship = fields.get('citizenship') as PDFRadioGroup;
    expect(citizenship.getOptions()).toEqual([...CITIZENSHIPS]);
    expect((englishFields.get('citizenship') as PDFRadioGroup).getOptions()).toEqual([...CITIZENSHIPS]);
    expect(spokenName(citizenship)).toBe(`${clients.fields.citizenship} *`);
    expect(spokenName(englishFields.get('citizenship')!)).toBe(`${englishClients.fields.citizenship} *`);

    // Fillable: filled, saved and read back.
    const form = doc.getForm();
    form.getTextField('first_name').setText('Élodie');
    form.getRadioGroup('citizenship').select('Permanent resident');
    form.getCheckBox('consent').check();
    const filled = (await PDFDocument.load(await doc.save())).getForm();
    expect(filled.getTextField('first_name').getText()).toBe('Élodie');
    expect(filled.getRadioGroup('citizenship').getSelected()).toBe('Permanent resident');
    expect(filled.getCheckBox('consent').isChecked()).toBe(true);
  });

  it("the French plan form: the English one's fields, a box per barrier, under the French categories", async () => {
    const { doc, fields } = await french('plan_form.pdf');
    const { fields: englishFields } = await pdf('plan_form.pdf');
    expect(fieldsOf(fields)).toEqual(fieldsOf(englishFields));
    const categories = await selectRows<{ category: string }>(
      t.db,
      sql`select distinct category from barriers where not disabled`,
    );
    expect(categories.length).toBeGreaterThan(2);
    const text = textOf(doc);
    for (const { category } of categories) expect(text, category).toContain(planItems.categories[category]);
    expect(text).toContain(words.plan.otherBarrier);
    expect(spokenName(fields.get('barrier_other_name')!)).toBe(words.plan.otherBarrier);
  });

  it("the French consent form and collection notice: the English one's fields, the French words", async () => {
    const consent = await french('consent_form.pdf');
    expect(fieldsOf(consent.fields)).toEqual(fieldsOf((await pdf('consent_form.pdf')).fields));
    const consentText = textOf(consent.doc);
    for (const label of Object.values(words.consent.releaseTo) as string[])
      expect(consentText).toContain(label);
    expect(consentText).toContain(words.signatureDateLabel);
    expect(spokenName(consent.fields.get('client_signature_date')!)).toBe(
      fill(words.signatureDate, { label: words.consent.clientSignature }),
    );
    const notice = textOf((await french('collection_notice.pdf')).doc);
    for (const section of ['collect', 'why', 'authority', 'access', 'rights', 'contact']) {
      expect(notice, section).toContain(words.notice[section].heading);
    }
    expect(notice).toContain('LPRPDE');
  });

  it('serves nothing else under /documents/fr/, and no path out of it', async () => {
    for (const url of [
      '/documents/fr/secret.pdf',
      '/documents/de/intake_form.pdf',
      '/documents/fr/fr/intake_form.pdf',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
    // As sent on the wire, unnormalised (an injected request's address is normalised first).
    const address = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    const get = (rawPath: string) =>
      new Promise<{ status: number; type: string | undefined; body: Buffer }>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port: address.port, path: rawPath }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              type: res.headers['content-type'],
              body: Buffer.concat(chunks),
            }),
          );
        });
        req.on('error', reject);
      });
    expect((await get('/documents/fr/intake_form.pdf')).status).toBe(200);
    for (const rawPath of [
      '/documents/fr/../intake_form.pdf',
      '/documents/fr/..%2Fintake_form.pdf',
      '/documents/fr/%2e%2e/intake_form.pdf',
      '/documents/fr/..%5Cintake_form.pdf',
      '/documents/fr/../../package.json',
    ]) {
      const res = await get(rawPath);
      expect(res.status, rawPath).toBe(404);
      expect(res.type, rawPath).not.toContain('application/pdf');
      expect(res.body.subarray(0, 5).toString('latin1'), rawPath).not.toBe('%PDF-');
    }
  });
});
