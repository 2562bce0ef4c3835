import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Client } from '@cairn/shared/clients.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentChunks, attachments } from '../../src/db/schema/attachments.ts';
import { pdfBytes } from '../helpers/attachments.ts';
import { createClient } from '../helpers/clients.ts';
import { countRows } from '../helpers/rows.ts';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';

/** Issue 27: a body too large, or from a caller who may not upload, is answered without being read. */

const MAX_BYTES = 1024 * 1024;
const STREAMED = 200 * 1024 * 1024;
const BLOCK = Buffer.alloc(64 * 1024, 0x41);

let t: TestApp;
let client: Client;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ ATTACHMENT_MAX_BYTES: String(MAX_BYTES) });
  client = await createClient(t, 'coordinator', { first_name: 'Stream', last_name: 'Sender' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const allRows = async () => ({
  files: await countRows(t, attachments, sql`true`),
  chunks: await countRows(t, attachmentChunks, sql`true`),
});

interface Streamed {
  status: number;
  body: string;
  /** Milliseconds from the first byte sent to the answer's status line. */
  answeredAfterMs: number;
  /** Bytes of the body the server took from the socket (written once the socket had room). */
  sentBytes: number;
  /** Whether the server closed the connection. */
  closed: boolean;
}

/**
 * POSTs a multipart body of 200 MB over a real socket, a block at a time and only when the socket
 * takes more (so what was sent is what the server read, give or take the kernel's buffers), until
 * the answer arrives. The body is chunked, or declares its whole length.
 */
async function streamUpload(as: DemoUserKey | null, framing: 'chunked' | 'declared'): Promise<Streamed> {
  const token = as ? await t.tokenForId(t.demo[as].userId) : undefined;
  const boundary = 'cairnstreamed';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
  );
  const socket = net.connect({ host: '127.0.0.1', port });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  let answer = '';
  let answeredAt = 0;
  let closed = false;
  socket.on('data', (data: Buffer) => {
    answer += data.toString('latin1');
    if (!answeredAt && answer.includes('\r\n\r\n')) answeredAt = Date.now();
  });
  socket.on('error', () => {});
  const closedNow = new Promise<void>((resolve) =>
    socket.once('close', () => {
      closed = true;
      resolve();
    }),
  );
  socket.write(
    `POST /api/clients/${client.client_id}/attachments HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      (token ? `Authorization: Bearer ${token}\r\n` : '') +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
      (framing === 'chunked'
        ? 'Transfer-Encoding: chunked\r\n'
        : `Content-Length: ${head.length + STREAMED}\r\n`) +
      '\r\n',
  );
  const started = Date.now();
  let sentBytes = 0;
  const send = async (data: Buffer) => {
    const framed =
      framing === 'chunked'
        ? Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')])
        : data;
    if (!socket.write(framed)) {
      await Promise.race([new Promise((r) => socket.once('drain', r)), closedNow]);
    }
    sentBytes += data.length;
  };
  await send(head);
  while (sentBytes < STREAMED && !answeredAt && !closed) await send(BLOCK);
  // The answer, and the server closing the connection (within its linger).
  const deadline = Date.now() + 5000;
  while ((!answeredAt || !closed) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  socket.destroy();
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
  return {
    status,
    body: answer.slice(answer.indexOf('\r\n\r\n') + 4),
    answeredAfterMs: answeredAt - started,
    sentBytes,
    closed,
  };
}

describe('an upload past ATTACHMENT_MAX_BYTES over a real socket (issue 27)', () => {
  it('a Coordinator streaming 200 MB gets 413 as soon as the limit is passed, the rest unread', async () => {
    const before = await allRows();
    const res = await streamUpload('coordinator', 'chunked');
    expect(res.status, res.body).toBe(413);
    expect(res.body).toContain('attachment_too_large');
    expect(res.answeredAfterMs).toBeLessThan(3000);
    expect(res.sentBytes).toBeLessThan(STREAMED / 8);
    expect(res.closed).toBe(true);
    expect(await allRows()).toEqual(before);
  });

  it('a declared Content-Length past the limit is 413 before the body is read', async () => {
    const before = await allRows();
    const res = await streamUpload('coordinator', 'declared');
    expect(res.status, res.body).toBe(413);
    expect(res.body).toContain('attachment_too_large');
    expect(res.answeredAfterMs).toBeLessThan(3000);
    expect(res.sentBytes).toBeLessThan(STREAMED / 8);
    expect(res.closed).toBe(true);
    expect(await allRows()).toEqual(before);
  });

  it.each([
    [null, 401, 'chunked'],
    [null, 401, 'declared'],
    ['reporter', 403, 'chunked'],
    ['reporter', 403, 'declared'],
  ] as const)('as %s: %i without reading the %s body, the connection closed', async (as, status, framing) => {
    const before = await allRows();
    const res = await streamUpload(as, framing);
    expect(res.status, res.body).toBe(status);
    expect(res.answeredAfterMs).toBeLessThan(3000);
    expect(res.sentBytes).toBeLessThan(STREAMED / 8);
    expect(res.closed).toBe(true);
    expect(await allRows()).toEqual(before);
  });

  it('a file within the limit still uploads over a real socket, and its connection is kept', async () => {
    const form = new FormData();
    form.append('file', new Blob([pdfBytes('Within the limit')], { type: 'application/pdf' }), 'ok.pdf');
    const token = await t.tokenForId(t.demo.coordinator.userId);
    const res = await fetch(`http://127.0.0.1:${port}/api/clients/${client.client_id}/attachments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('connection')).not.toBe('close');
    expect(((await res.json()) as { name: string }).name).toBe('ok.pdf');
  });
});
