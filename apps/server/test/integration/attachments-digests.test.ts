import crypto from 'node:crypto';
import type { Client } from '@cairn/shared/clients.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments } from '../../src/db/schema/attachments.ts';
import { keyStoredDigests } from '../../src/modules/attachments/attachment-digests.service.ts';
import { bigPdf, downloadBytes, pdfBytes, upload } from '../helpers/attachments.ts';
import { createClient } from '../helpers/clients.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Issue 27: a dump of the database cannot confirm that a known file is stored. */

let t: TestApp;
let client: Client;
beforeAll(async () => {
  t = await createTestApp();
  client = await createClient(t, 'coordinator', { first_name: 'Dora', last_name: 'Digest' });
});
afterAll(() => t.close());

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
const rowOf = async (id: number) =>
  (await t.db.select().from(attachments).where(eq(attachments.attachmentId, id)))[0]!;

describe('attachments.sha256 is keyed', () => {
  it('stores no plain SHA-256 of the file, and downloads still verify, small or streamed', async () => {
    for (const content of [pdfBytes('keyed digest'), bigPdf(3 * 1024 * 1024)]) {
      const res = await upload(t, 'coordinator', client.client_id, { filename: 'k.pdf', content });
      expect(res.status, res.body).toBe(201);
      const row = await rowOf(res.json.attachment_id);
      expect(row.sha256Keyed).toBe(true);
      expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(row.sha256).not.toBe(sha256(content));
      expect(row.sha256).not.toBe(crypto.createHmac('sha256', '').update(content).digest('hex'));
      const dl = await downloadBytes(t, 'coordinator', res.json.attachment_id);
      expect(dl.status).toBe(200);
      expect(dl.bytes.equals(content)).toBe(true);
    }
  });

  it('an old row holding the plain SHA-256 still downloads, and is keyed as the server starts', async () => {
    const content = pdfBytes('stored before issue 27');
    const res = await upload(t, 'coordinator', client.client_id, { filename: 'old.pdf', content });
    const id = res.json.attachment_id as number;
    // As migration 0025 leaves a row stored before: the plain SHA-256, marked unkeyed.
    await t.db
      .update(attachments)
      .set({ sha256: sha256(content), sha256Keyed: false })
      .where(eq(attachments.attachmentId, id));
    expect((await downloadBytes(t, 'coordinator', id)).bytes.equals(content)).toBe(true);

    // What main.ts runs at start, after the migrations.
    expect(await keyStoredDigests(t.db, t.clientCrypto)).toBe(1);
    const row = await rowOf(id);
    expect(row.sha256Keyed).toBe(true);
    expect(row.sha256).toBe(t.clientCrypto.fileDigest(sha256(content)));
    expect(row.sha256).not.toBe(sha256(content));
    expect((await downloadBytes(t, 'coordinator', id)).bytes.equals(content)).toBe(true);
    // Starting again changes nothing: the conversion is idempotent.
    expect(await keyStoredDigests(t.db, t.clientCrypto)).toBe(0);
    expect((await rowOf(id)).sha256).toBe(t.clientCrypto.fileDigest(sha256(content)));
  });

  it('a keyed digest that does not match the bytes still answers 409 attachment_damaged', async () => {
    const content = pdfBytes('tampered digest');
    const res = await upload(t, 'coordinator', client.client_id, { filename: 't.pdf', content });
    const id = res.json.attachment_id as number;
    // The plain SHA-256 written into a keyed row (what an attacker who knows the file would write).
    await t.db
      .update(attachments)
      .set({ sha256: sha256(content) })
      .where(eq(attachments.attachmentId, id));
    const dl = await t.call('GET', `/api/attachments/${id}/content`, { as: 'coordinator' });
    expect(dl.status).toBe(409);
    expect(dl.json.error.code).toBe('attachment_damaged');
  });
});
