import crypto from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import type { DemoUserKey, TestApp } from './test-app.ts';

export interface FormPart {
  name: string;
  /** A file part when given. */
  filename?: string;
  /** The filename parameter as written, instead of filename="…" (e.g. RFC 5987's filename*=). */
  rawFilename?: string;
  contentType?: string;
  content: Buffer | string;
}

/** A multipart/form-data body, as a browser's FormData is sent. */
export function multipart(parts: FormPart[]): { payload: Buffer; contentType: string } {
  const boundary = `----cairn${crypto.randomBytes(8).toString('hex')}`;
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const isFile = part.filename !== undefined || part.rawFilename !== undefined;
    const disposition = !isFile
      ? `form-data; name="${part.name}"`
      : `form-data; name="${part.name}"; ${part.rawFilename ?? `filename="${part.filename}"`}`;
    const type = isFile ? `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n` : '';
    pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    pieces.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    pieces.push(Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(pieces), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs one file (and any form fields) to a client's attachments. */
export async function upload(
  t: TestApp,
  as: DemoUserKey,
  clientId: number,
  file: { filename?: string; rawFilename?: string; content: Buffer | string; contentType?: string },
  fields: Record<string, string> = {},
) {
  const form = multipart([
    ...Object.entries(fields).map(([name, content]) => ({ name, content })),
    { name: 'file', ...file },
  ]);
  return t.call('POST', `/api/clients/${clientId}/attachments`, {
    as,
    body: form.payload,
    headers: { 'content-type': form.contentType },
  });
}

/** A small valid-looking PDF: what the type check reads is its first bytes. */
export function pdfBytes(text = 'Consent form'): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\n%%EOF\n`);
}

/** A 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Random bytes after a PDF header: incompressible, of any size. */
export function bigPdf(bytes: number): Buffer {
  const out = crypto.randomBytes(bytes);
  Buffer.from('%PDF-1.7\n').copy(out);
  return out;
}

/** A zip holding the named entries (deflated), as office documents and archives are. */
export function zipOf(entries: Array<[string, string]>, store = false): Buffer {
  const parts: Buffer[] = [];
  for (const [name, text] of entries) {
    const data = store ? Buffer.from(text) : deflateRawSync(Buffer.from(text));
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(store ? 0 : 8, 8);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(Buffer.byteLength(text), 22);
    header.writeUInt16LE(Buffer.byteLength(name), 26);
    parts.push(header, Buffer.from(name), data);
  }
  return Buffer.concat(parts);
}

/** Downloads an attachment's bytes exactly as sent (the inject answer's raw payload). */
export async function downloadBytes(t: TestApp, as: DemoUserKey, attachmentId: number, query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/attachments/${attachmentId}/content${query}`,
    headers: { authorization: `Bearer ${await t.tokenForId(t.demo[as].userId)}` },
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
}
