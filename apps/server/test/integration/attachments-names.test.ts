import type { Client } from '@cairn/shared/clients.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadBytes, pdfBytes, PNG_BYTES, upload } from '../helpers/attachments.ts';
import { createClient } from '../helpers/clients.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let client: Client;
beforeAll(async () => {
  t = await createTestApp();
  client = await createClient(t, 'coordinator', { first_name: 'Nora', last_name: 'Names' });
});
afterAll(() => t.close());

/** A filename as a browser writes a non-ASCII one: RFC 5987's filename*=. */
const utf8Name = (name: string) => `filename*=UTF-8''${encodeURIComponent(name)}`;

describe('attachment names: no bidirectional tricks, the extension of the content (issue 27)', () => {
  it('keeps invoice\\u202Efdp.exe holding a PDF as invoicefdp.pdf, in the list and the download', async () => {
    const res = await upload(t, 'coordinator', client.client_id, {
      rawFilename: utf8Name('invoice\u202Efdp.exe'),
      content: pdfBytes(),
    });
    expect(res.status, res.body).toBe(201);
    expect(res.json.name).toBe('invoicefdp.pdf');
    const list = await t.call('GET', `/api/clients/${client.client_id}/attachments`, { as: 'coordinator' });
    expect(list.json.map((a: { name: string }) => a.name)).toContain('invoicefdp.pdf');
    const dl = await downloadBytes(t, 'coordinator', res.json.attachment_id);
    expect(dl.headers['content-disposition']).toContain('filename="invoicefdp.pdf"');
  });

  it('drops every isolate, embedding, mark and format character of an uploaded name', async () => {
    const res = await upload(t, 'coordinator', client.client_id, {
      rawFilename: utf8Name('\u2066scan\u2069\u200E\u200F\u061C\u202A\u202B\u202C\u202D.png'),
      content: PNG_BYTES,
    });
    expect(res.status, res.body).toBe(201);
    expect(res.json.name).toBe('scan.png');
  });

  it('gives a PNG named .pdf, or named without extension, the PNG extension', async () => {
    const named = await upload(t, 'coordinator', client.client_id, {
      filename: 'photo.pdf',
      content: PNG_BYTES,
    });
    expect(named.json.name).toBe('photo.png');
    const bare = await upload(t, 'coordinator', client.client_id, { filename: 'photo', content: PNG_BYTES });
    expect(bare.json.name).toBe('photo.png');
  });

  it("a rename loses format characters and cannot take another type's extension", async () => {
    const res = await upload(t, 'coordinator', client.client_id, {
      filename: 'consent.pdf',
      content: pdfBytes(),
    });
    const rename = (name: string) =>
      t.call('PUT', `/api/attachments/${res.json.attachment_id}`, { as: 'coordinator', body: { name } });
    expect((await rename('signed\u202Eexe.pdf')).json.name).toBe('signedexe.pdf');
    expect((await rename('signed.exe')).json.name).toBe('signed.pdf');
    expect((await rename('signed.html')).json.name).toBe('signed.pdf');
    expect((await rename('signed')).json.name).toBe('signed.pdf');
    expect((await rename('Signed consent.PDF')).json.name).toBe('Signed consent.PDF');
    const dl = await downloadBytes(t, 'coordinator', res.json.attachment_id);
    expect(dl.headers['content-disposition']).toContain('filename="Signed consent.PDF"');
  });
});
