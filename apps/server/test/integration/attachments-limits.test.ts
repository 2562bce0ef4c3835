import crypto from 'node:crypto';
import type { Client } from '@cairn/shared/clients.schemas';
import { ATTACHMENT_LIMITS } from '@cairn/shared/attachments.schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentChunks, attachments } from '../../src/db/schema/attachments.ts';
import {
  bigPdf,
  downloadBytes,
  multipart,
  pdfBytes,
  PNG_BYTES,
  upload,
  zipOf,
} from '../helpers/attachments.ts';
import { createClient } from '../helpers/clients.ts';
import { countRows } from '../helpers/rows.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let client: Client;

beforeAll(async () => {
  t = await createTestApp();
  client = await createClient(t, 'coordinator', { first_name: 'Lena', last_name: 'Limits' });
});
afterAll(() => t.close());

const MB = 1024 * 1024;
const allRows = async () => ({
  files: await countRows(t, attachments, sql`true`),
  chunks: await countRows(t, attachmentChunks, sql`true`),
});

/** A Coordinator's upload refused as unsafe (415) with this code and message, nothing kept. */
async function expectRefused(file: Parameters<typeof upload>[3], code: string, message: RegExp) {
  const before = await allRows();
  const res = await upload(t, 'coordinator', client.client_id, file);
  expect(res.status).toBe(415);
  expect(res.json.error.code).toBe(code);
  expect(res.json.error.message).toMatch(message);
  expect(await allRows()).toEqual(before);
}

describe('attachments: the size limit', () => {
  it('says the limits to those who upload, as the deployment sets them', async () => {
    const limits = await t.call('GET', '/api/attachments/limits', { as: 'coordinator' });
    expect(limits).toMatchObject({
      status: 200,
      json: { max_bytes: ATTACHMENT_LIMITS.defaultMaxBytes, per_client: ATTACHMENT_LIMITS.perClient },
    });
    // A Reporter uploads nothing: refused like any right it lacks.
    expect((await t.call('GET', '/api/attachments/limits', { as: 'reporter' })).status).toBe(403);
    const raised = await createTestApp({ ATTACHMENT_MAX_BYTES: String(25 * MB) });
    try {
      const res = await raised.call('GET', '/api/attachments/limits', { as: 'coordinator' });
      expect(res.json.max_bytes).toBe(25 * MB);
    } finally {
      await raised.close();
    }
  });

  it('takes a file of exactly 10 MB, in chunks, and gives the same bytes back', async () => {
    const content = bigPdf(10 * MB);
    const res = await upload(t, 'coordinator', client.client_id, { filename: 'scan.pdf', content });
    expect(res.status, res.body).toBe(201);
    expect(res.json.size).toBe(10 * MB);
    expect(
      await countRows(t, attachmentChunks, eq(attachmentChunks.attachmentId, res.json.attachment_id)),
    ).toBe(40);
    const dl = await downloadBytes(t, 'coordinator', res.json.attachment_id);
    expect(dl.status).toBe(200);
    expect(dl.headers['content-length']).toBe(String(10 * MB));
    expect(dl.bytes.equals(content)).toBe(true);
  });

  it('refuses one byte more with 413, and keeps nothing of it', async () => {
    const before = await allRows();
    const res = await upload(t, 'coordinator', client.client_id, {
      filename: 'big.pdf',
      content: bigPdf(10 * MB + 1),
    });
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe('attachment_too_large');
    expect(res.json.error.message).toBe('The file is too large. Files can be at most 10 MB.');
    expect(await allRows()).toEqual(before);
  });

  it('cuts a large file short when its stored bytes turn out damaged past the first megabyte', async () => {
    const content = bigPdf(3 * MB);
    const res = await upload(t, 'coordinator', client.client_id, { filename: 'long.pdf', content });
    const id = res.json.attachment_id as number;
    await t.db.execute(
      sql`UPDATE attachment_chunks SET data = set_byte(data, 99, get_byte(data, 99) # 255)
           WHERE attachment_id = ${id} AND chunk_index = 10`,
    );
    // Headers went out with the first megabyte; the rest never follows, so the download fails.
    await expect(downloadBytes(t, 'coordinator', id)).rejects.toThrow(/destroyed before completion/);
    // The same file undamaged downloads whole.
    const again = await upload(t, 'coordinator', client.client_id, { filename: 'long.pdf', content });
    expect((await downloadBytes(t, 'coordinator', again.json.attachment_id)).bytes.equals(content)).toBe(
      true,
    );
  });
});

describe('attachments: types, by content', () => {
  it.each([
    [
      'a .pdf that holds HTML',
      'cv.pdf',
      Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
    ],
    ['an SVG', 'logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ['a script under a script name', 'run.sh', Buffer.from('#!/bin/sh\necho hi\n')],
    ['an executable', 'cv.pdf', Buffer.concat([Buffer.from('MZ'), crypto.randomBytes(2048)])],
    ['an archive', 'photos.docx', zipOf([['a.jpg', 'x']])],
    [
      'text with a NUL past the first chunk',
      'log.txt',
      Buffer.concat([Buffer.alloc(300_000, 'a'), Buffer.from([0])]),
    ],
  ])('refuses %s (415) and keeps nothing', async (_what, filename, content) => {
    await expectRefused(
      { filename, content, contentType: 'application/pdf' },
      'attachment_type_refused',
      /^This kind of file is not accepted/,
    );
  });

  it.each([
    ['HTML', 'letter.txt', Buffer.from('<!doctype html><html><body><p>Dear Sir</p></body></html>')],
    ['a script after some lines', 'notes.md', Buffer.from('Notes\n\n<script>alert(1)</script>\n')],
    ['a shell script', 'notes.txt', Buffer.from('#!/bin/sh\necho hi\n')],
  ])(
    'refuses a text file holding %s, saying why (415), and keeps nothing',
    async (_what, filename, content) => {
      await expectRefused(
        { filename, content, contentType: 'text/plain' },
        'attachment_text_holds_markup',
        /^This text file holds HTML or a script/,
      );
    },
  );

  it.each([
    ['application/pdf', 'x.bin', pdfBytes()],
    ['image/png', 'x.pdf', PNG_BYTES],
    [
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'cv.docx',
      zipOf([
        ['[Content_Types].xml', '<Types/>'],
        ['word/document.xml', '<w:document/>'],
      ]),
    ],
    ['text/plain', 'notes', Buffer.from('Plain notes, accents é and ☕.')],
  ])('stores %s whatever the name says', async (type, filename, content) => {
    const res = await upload(t, 'coordinator', client.client_id, {
      filename,
      content,
      contentType: 'text/html',
    });
    expect(res.status, res.body).toBe(201);
    expect(res.json.content_type).toBe(type);
  });
});

describe('attachments: at most 200 per client', () => {
  it('refuses the 201st with 409 and keeps nothing of it', async () => {
    const full = await createClient(t, 'coordinator', { first_name: 'Full', last_name: 'Drawer' });
    const have = ATTACHMENT_LIMITS.perClient - 1;
    await t.db.execute(
      sql`INSERT INTO attachments (client_id, name, content_type, size, chunk_count, sha256, complete)
          SELECT ${full.client_id}, 'f' || g, 'text/plain', 0, 0, repeat('0', 64), true FROM generate_series(1, ${have}) g`,
    );
    const last = await upload(t, 'coordinator', full.client_id, {
      filename: 'last.txt',
      content: 'the 200th',
    });
    expect(last.status, last.body).toBe(201);
    const before = await allRows();
    const more = await upload(t, 'coordinator', full.client_id, {
      filename: 'more.txt',
      content: 'one too many',
    });
    expect(more.status).toBe(409);
    expect(more.json.error.code).toBe('attachment_limit_reached');
    expect(more.json.error.params).toEqual({ max: 200 });
    expect(await allRows()).toEqual(before);
  });
});

describe('attachments: a body cut short', () => {
  it('answers 400 and keeps nothing of what arrived', async () => {
    const before = await allRows();
    const whole = multipart([{ name: 'file', filename: 'cut.pdf', content: bigPdf(MB) }]);
    // The body ends in the middle of the file: no closing boundary ever comes.
    const cut = whole.payload.subarray(0, 600 * 1024);
    const res = await t.call('POST', `/api/clients/${client.client_id}/attachments`, {
      as: 'coordinator',
      body: cut,
      headers: { 'content-type': whole.contentType },
    });
    expect(res.status).toBe(400);
    expect(await allRows()).toEqual(before);
  });
});
