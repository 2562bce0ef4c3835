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
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const root = path.resolve(import.meta.dirname, '../../../..');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
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
