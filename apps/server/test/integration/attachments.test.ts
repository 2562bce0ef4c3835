import crypto from 'node:crypto';
import type { Attachment } from '@cairn/shared/attachments.schemas';
import type { Client } from '@cairn/shared/clients.schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentChunks, attachments } from '../../src/db/schema/attachments.ts';
import { chunkAad } from '../../src/modules/attachments/attachment-chunks.service.ts';
import { multipart, pdfBytes, PNG_BYTES, upload } from '../helpers/attachments.ts';
import { createClient } from '../helpers/clients.ts';
import { countRows } from '../helpers/rows.ts';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let client: Client;
let file: Attachment;

beforeAll(async () => {
  t = await createTestApp();
  client = await createClient(t, 'coordinator', { first_name: 'Petra', last_name: 'Papers' });
  const res = await upload(
    t,
    'coordinator',
    client.client_id,
    { filename: 'consent form.pdf', content: pdfBytes('signed'), contentType: 'application/pdf' },
    { category: 'consent', note: 'Signed at intake.' },
  );
  expect(res.status, res.body).toBe(201);
  file = res.json;
});
afterAll(() => t.close());

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

describe('attachments: upload, list, download', () => {
  it('answers the stored file with its uploader, category and note', async () => {
    expect(file).toMatchObject({
      client_id: client.client_id,
      name: 'consent form.pdf',
      content_type: 'application/pdf',
      size: pdfBytes('signed').length,
      category: 'consent',
      note: 'Signed at intake.',
      uploaded_by: t.demo.coordinator.userId,
      uploaded_by_name: 'Casey Coordinator',
    });
    const list = await t.call('GET', `/api/clients/${client.client_id}/attachments`, { as: 'coordinator' });
    expect(list.status).toBe(200);
    expect(list.json).toEqual([file]);
  });

  it('downloads the same bytes, as an attachment that a browser will not run', async () => {
    const res = await t.call('GET', `/api/attachments/${file.attachment_id}/content`, { as: 'coordinator' });
    expect(res.status).toBe(200);
    expect(Buffer.from(res.body, 'latin1').equals(pdfBytes('signed'))).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="consent form.pdf"; filename*=UTF-8''consent%20form.pdf`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'");
  });

  it('shows a PDF or an image inline when asked, and nothing else', async () => {
    const pdf = await t.call('GET', `/api/attachments/${file.attachment_id}/content?inline=1`, {
      as: 'admin',
    });
    expect(pdf.headers['content-disposition']).toMatch(/^inline; /);
    const png = await upload(t, 'coordinator', client.client_id, {
      filename: 'photo.png',
      content: PNG_BYTES,
    });
    expect(png.json.content_type).toBe('image/png');
    const img = await t.call('GET', `/api/attachments/${png.json.attachment_id}/content?inline=1`, {
      as: 'coordinator',
    });
    expect(img.headers['content-disposition']).toMatch(/^inline; /);
    expect(img.headers['content-type']).toBe('image/png');
    const txt = await upload(t, 'coordinator', client.client_id, {
      filename: 'letter.pdf',
      content: 'Dear Petra, welcome.',
      contentType: 'application/pdf',
    });
    expect(txt.json.content_type).toBe('text/plain');
    const text = await t.call('GET', `/api/attachments/${txt.json.attachment_id}/content?inline=1`, {
      as: 'coordinator',
    });
    expect(text.headers['content-disposition']).toMatch(/^attachment; /);
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.body).toBe('Dear Petra, welcome.');
  });

  it('changes the name, category or note, and refuses a name with a path', async () => {
    const url = `/api/attachments/${file.attachment_id}`;
    const res = await t.call('PUT', url, {
      as: 'coordinator',
      body: { name: 'Consent 2026.pdf', category: null },
    });
    expect(res.status, res.body).toBe(200);
    expect(res.json).toMatchObject({ name: 'Consent 2026.pdf', category: null, note: 'Signed at intake.' });
    const bad = await t.call('PUT', url, { as: 'coordinator', body: { name: '../x.pdf' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.field_codes.name.code).toBe('fileName');
    const badCategory = await t.call('PUT', url, { as: 'coordinator', body: { category: 'secret' } });
    expect(badCategory.status).toBe(400);
    expect(badCategory.json.error.field_codes.category.code).toBe('choice');
  });

  it('refuses a body that is not multipart, a form without a file, and a bad category', async () => {
    const url = `/api/clients/${client.client_id}/attachments`;
    const json = await t.call('POST', url, { as: 'coordinator', body: { file: 'x' } });
    expect(json.status).toBe(415);
    expect(json.json.error.code).toBe('attachment_not_multipart');
    const form = multipart([{ name: 'note', content: 'no file' }]);
    const noFile = await t.call('POST', url, {
      as: 'coordinator',
      body: form.payload,
      headers: { 'content-type': form.contentType },
    });
    expect(noFile.status).toBe(400);
    expect(noFile.json.error.code).toBe('attachment_file_missing');
    const before = await countRows(t, attachments, eq(attachments.clientId, client.client_id));
    const badField = await upload(
      t,
      'coordinator',
      client.client_id,
      { filename: 'a.pdf', content: pdfBytes() },
      {
        category: 'secret',
      },
    );
    expect(badField.status).toBe(400);
    expect(badField.json.error.field_codes.category.code).toBe('choice');
    const empty = await upload(t, 'coordinator', client.client_id, { filename: 'a.txt', content: '' });
    expect(empty.status).toBe(400);
    expect(empty.json.error.code).toBe('attachment_empty');
    expect(await countRows(t, attachments, eq(attachments.clientId, client.client_id))).toBe(before);
  });
});

describe('attachments: who reaches them', () => {
  const EXPECTED: Record<DemoUserKey, number> = {
    admin: 200,
    coordinator: 200,
    coordinator2: 404,
    reporter: 403,
  };

  it('lists and downloads: Admins and the own centre; another centre 404; Reporters 403; anonymous 401', async () => {
    for (const [as, status] of Object.entries(EXPECTED) as Array<[DemoUserKey, number]>) {
      const list = await t.call('GET', `/api/clients/${client.client_id}/attachments`, { as });
      expect(list.status, `${as} list`).toBe(status);
      const get = await t.call('GET', `/api/attachments/${file.attachment_id}/content`, { as });
      expect(get.status, `${as} download`).toBe(status);
      if (status !== 200) expect(get.body).not.toContain('%PDF');
    }
    expect((await t.call('GET', `/api/clients/${client.client_id}/attachments`)).status).toBe(401);
    expect((await t.call('GET', `/api/attachments/${file.attachment_id}/content`)).status).toBe(401);
  });

  it('uploads, changes and deletes: another centre 404, Reporters 403, nothing changed', async () => {
    const before = await countRows(t, attachments, eq(attachments.clientId, client.client_id));
    const other = await upload(t, 'coordinator2', client.client_id, {
      filename: 'x.pdf',
      content: pdfBytes(),
    });
    expect(other.status).toBe(404);
    const reporter = await upload(t, 'reporter', client.client_id, {
      filename: 'x.pdf',
      content: pdfBytes(),
    });
    expect(reporter.status).toBe(403);
    for (const [as, status] of [
      ['coordinator2', 404],
      ['reporter', 403],
    ] as const) {
      const url = `/api/attachments/${file.attachment_id}`;
      expect((await t.call('PUT', url, { as, body: { note: 'X' } })).status).toBe(status);
      expect((await t.call('DELETE', url, { as })).status).toBe(status);
    }
    expect(await countRows(t, attachments, eq(attachments.clientId, client.client_id))).toBe(before);
    const after = await t.call('GET', `/api/clients/${client.client_id}/attachments`, { as: 'admin' });
    expect(JSON.stringify(after.json)).not.toContain('"X"');
  });

  it('an Admin uploads to any centre; a Coordinator deletes only what they uploaded; an Admin deletes any', async () => {
    const byAdmin = await upload(t, 'admin', client.client_id, { filename: 'id.png', content: PNG_BYTES });
    expect(byAdmin.status).toBe(201);
    const refused = await t.call('DELETE', `/api/attachments/${byAdmin.json.attachment_id}`, {
      as: 'coordinator',
    });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('attachment_delete_forbidden');
    const mine = await upload(t, 'coordinator', client.client_id, { filename: 'cv.txt', content: 'CV' });
    expect(
      (await t.call('DELETE', `/api/attachments/${mine.json.attachment_id}`, { as: 'coordinator' })).status,
    ).toBe(204);
    expect(
      (await t.call('DELETE', `/api/attachments/${byAdmin.json.attachment_id}`, { as: 'admin' })).status,
    ).toBe(204);
    for (const id of [mine.json.attachment_id, byAdmin.json.attachment_id]) {
      expect(await countRows(t, attachmentChunks, eq(attachmentChunks.attachmentId, id))).toBe(0);
      expect((await t.call('GET', `/api/attachments/${id}/content`, { as: 'admin' })).status).toBe(404);
    }
  });
});

describe('attachments: stored safely', () => {
  it('keeps only ciphertext in the table, chunk by chunk, with the keyed digest of the plain bytes', async () => {
    const marker = 'PLAINTEXT-MARKER-'.repeat(40);
    const content = Buffer.from(`%PDF-1.7\n${marker}\n`);
    const res = await upload(t, 'coordinator', client.client_id, { filename: 'm.pdf', content });
    const id = res.json.attachment_id as number;
    const [meta] = await t.db.select().from(attachments).where(eq(attachments.attachmentId, id));
    expect(meta!.sha256).toBe(t.clientCrypto.fileDigest(sha256(content)));
    expect(meta!.sha256).not.toBe(sha256(content));
    const rows = await t.db.select().from(attachmentChunks).where(eq(attachmentChunks.attachmentId, id));
    expect(rows).toHaveLength(1);
    const stored = Buffer.from(rows[0]!.data);
    expect(stored.length).toBe(content.length + 28);
    expect(stored.includes(Buffer.from('PLAINTEXT-MARKER'))).toBe(false);
    expect(stored.includes(Buffer.from('%PDF'))).toBe(false);
    // The chunk opens with the client data key only in its own place.
    // The row names the key its chunks were made with: the current one.
    expect(meta!.keyFingerprint).toBe(t.clientCrypto.fingerprint);
    const key = meta!.keyFingerprint;
    expect(t.clientCrypto.decryptBytes(stored, chunkAad(id, 0), key).equals(content)).toBe(true);
    expect(() => t.clientCrypto.decryptBytes(stored, chunkAad(id, 1), key)).toThrow();
    expect(() => t.clientCrypto.decryptBytes(stored, chunkAad(id + 1, 0), key)).toThrow();
  });

  it('refuses a download whose stored hash or bytes no longer match', async () => {
    const content = pdfBytes('hash check');
    const res = await upload(t, 'coordinator', client.client_id, { filename: 'h.pdf', content });
    const id = res.json.attachment_id as number;
    const url = `/api/attachments/${id}/content`;
    expect((await t.call('GET', url, { as: 'coordinator' })).status).toBe(200);

    await t.db
      .update(attachments)
      .set({ sha256: t.clientCrypto.fileDigest(sha256(Buffer.from('other'))) })
      .where(eq(attachments.attachmentId, id));
    const wrongHash = await t.call('GET', url, { as: 'coordinator' });
    expect(wrongHash.status).toBe(409);
    expect(wrongHash.json.error.code).toBe('attachment_damaged');
    expect(wrongHash.body).not.toContain('hash check');

    await t.db
      .update(attachments)
      .set({ sha256: t.clientCrypto.fileDigest(sha256(content)) })
      .where(eq(attachments.attachmentId, id));
    await t.db.execute(
      // Every bit of one byte flipped: a byte set to a constant could already hold it.
      sql`UPDATE attachment_chunks SET data = set_byte(data, 39, get_byte(data, 39) # 255) WHERE attachment_id = ${id}`,
    );
    const altered = await t.call('GET', url, { as: 'coordinator' });
    expect(altered.status).toBe(409);
    expect(altered.json.error.code).toBe('attachment_damaged');
  });

  it('deleting a client deletes their attachments and every chunk', async () => {
    const gone = await createClient(t, 'coordinator', { first_name: 'Gone', last_name: 'Soon' });
    const a = await upload(t, 'coordinator', gone.client_id, { filename: 'a.pdf', content: pdfBytes() });
    const b = await upload(t, 'coordinator', gone.client_id, { filename: 'b.png', content: PNG_BYTES });
    const ids = [a.json.attachment_id as number, b.json.attachment_id as number];
    expect(
      await countRows(t, attachmentChunks, sql`${attachmentChunks.attachmentId} in (${ids[0]}, ${ids[1]})`),
    ).toBe(2);
    expect((await t.call('DELETE', `/api/clients/${gone.client_id}`, { as: 'coordinator' })).status).toBe(
      200,
    );
    expect(await countRows(t, attachments, eq(attachments.clientId, gone.client_id))).toBe(0);
    expect(
      await countRows(t, attachmentChunks, sql`${attachmentChunks.attachmentId} in (${ids[0]}, ${ids[1]})`),
    ).toBe(0);
  });
});

describe('attachments: file names', () => {
  it('keeps the last segment of a path as the name, and never a path', async () => {
    const res = await upload(t, 'coordinator', client.client_id, {
      filename: '../../etc/passwd',
      content: 'root:x:0:0',
    });
    expect(res.status, res.body).toBe(201);
    // Plain text: the name ends with a text extension (issue 27).
    expect(res.json.name).toBe('passwd.txt');
    const windows = await upload(t, 'coordinator', client.client_id, {
      filename: 'C:\\Users\\casey\\cv.txt',
      content: 'CV',
    });
    expect(windows.json.name).toBe('cv.txt');
    const dl = await t.call('GET', `/api/attachments/${res.json.attachment_id}/content`, {
      as: 'coordinator',
    });
    expect(dl.headers['content-disposition']).toBe(
      `attachment; filename="passwd.txt"; filename*=UTF-8''passwd.txt`,
    );
  });

  it('writes quotes and other scripts safely into Content-Disposition', async () => {
    const res = await upload(t, 'coordinator', client.client_id, {
      rawFilename: 'filename="r\u00e9sum\u00e9 \\"final\\"; x=1\u0001.txt"',
      content: 'CV',
    });
    expect(res.status, res.body).toBe(201);
    expect(res.json.name).toBe('résumé "final"; x=1.txt');
    const dl = await t.call('GET', `/api/attachments/${res.json.attachment_id}/content`, {
      as: 'coordinator',
    });
    expect(dl.headers['content-disposition']).toBe(
      `attachment; filename="r_sum_ _final_; x=1.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%20_final_%3B%20x%3D1.txt`,
    );
  });

  it('never takes a line break into a name: not in a form header, not in a rename', async () => {
    // A line break ends the part's header: the rest is another header line, never part of the name.
    const header = await upload(t, 'coordinator', client.client_id, {
      rawFilename: 'filename="a\r\nSet-Cookie: x=1.txt"',
      content: 'CV',
    });
    expect(header.status, header.body).toBe(201);
    expect(header.json.name).toBe('a.txt');
    const dl = await t.call('GET', `/api/attachments/${header.json.attachment_id}/content`, {
      as: 'coordinator',
    });
    expect(dl.headers['set-cookie']).toBeUndefined();
    const rename = await t.call('PUT', `/api/attachments/${file.attachment_id}`, {
      as: 'coordinator',
      body: { name: 'a\r\nSet-Cookie: x=1.txt' },
    });
    expect(rename.status).toBe(400);
    expect(rename.json.error.field_codes.name.code).toBe('fileName');
  });
});
