import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  ATTACHMENT_LIMITS,
  attachmentFieldsSchema,
  megabytesOf,
  type Attachment,
  type AttachmentType,
} from '@cairn/shared/attachments.schemas';
import { messageOf } from '@cairn/shared/messages';
import { checkTexts } from '@cairn/shared/text-rules';
import type { Db } from '../../db/database.ts';
import type { ClientDataCrypto } from '../../lib/client-data-crypto.ts';
import { badRequest, HttpError, notFound, type FieldMessages } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { answerConstraints } from '../../lib/constraint-answers.ts';
import { requireRecord } from '../access/access.service.ts';
import { holdsMarkup, sniffType, TextCheck } from './attachment-types.policy.ts';
import { nameForType, uploadedName } from './attachment-names.policy.ts';
import { ATTACHMENT_CHUNK_BYTES, chunkAad } from './attachment-chunks.service.ts';
import * as repo from './attachments.repository.ts';
import { auditedTransaction } from '../audit/audit-transaction.service.ts';

/** One part of a multipart body, as @fastify/multipart hands it over. */
export type UploadPart =
  | { type: 'file'; fieldname: string; filename: string; file: Readable & { truncated?: boolean } }
  | { type: 'field'; fieldname: string; value: unknown };

/** Uploads that never completed (their process died) are removed after this long. */
const STALE_UPLOAD_MS = 60 * 60 * 1000;

export const tooLarge = (maxBytes: number) =>
  new HttpError(413, 'attachment_too_large', undefined, { megabytes: megabytesOf(maxBytes) });
const refusedType = () => new HttpError(415, 'attachment_type_refused');
const refusedMarkup = () => new HttpError(415, 'attachment_text_holds_markup');
const limitReached = () =>
  new HttpError(409, 'attachment_limit_reached', undefined, { max: ATTACHMENT_LIMITS.perClient });

/** A failure of the server's own storing (the database), kept apart from the body's failures. */
class StoreFailed extends Error {
  constructor(readonly failure: unknown) {
    super('storing an attachment failed');
  }
}

/** The client was deleted while its file arrived (the row's or a chunk's foreign key). */
const CLIENT_GONE_FKS = {
  attachments_client_id_clients_client_id_fk: () => notFound(),
  attachment_chunks_attachment_id_attachments_attachment_id_fk: () => notFound(),
};

/** What reading the multipart body threw, as the API answers it; the database's failures unchanged. */
function multipartError(err: unknown, maxBytes: number): unknown {
  if (err instanceof HttpError) return err;
  if (err instanceof StoreFailed) return err.failure;
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxBytes);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(413, 'payload_too_large');
  }
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_JSON_FIELD_ERROR' || err instanceof Error) {
    // A body busboy cannot read (malformed, cut short): the client's fault, never a 500.
    return new HttpError(400, 'bad_request');
  }
  return err;
}

interface StoredBytes {
  contentType: AttachmentType;
  size: number;
  chunkCount: number;
  sha256: string;
}

/**
 * Reads the file part chunk by chunk: its type from the first chunk, then each chunk encrypted and
 * written as it fills, hashing the plain bytes as they pass. `started` learns the row's id as soon
 * as there is one, so a failure anywhere removes what was written.
 */
async function storeFile(
  db: Db,
  crypto: ClientDataCrypto,
  part: Extract<UploadPart, { type: 'file' }>,
  target: { clientId: number; uploadedBy: number; maxBytes: number },
  started: (id: number) => void,
): Promise<StoredBytes> {
  const name = uploadedName(part.filename);
  const hash = createHash('sha256');
  let id = 0;
  let contentType: AttachmentType | undefined;
  let text: TextCheck | undefined;
  let size = 0;
  let index = 0;
  let buffered: Buffer[] = [];
  let bufferedBytes = 0;

  const store = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await answerConstraints(write, CLIENT_GONE_FKS);
    } catch (err) {
      throw new StoreFailed(err);
    }
  };
  const write = async (chunk: Buffer) => {
    if (index === 0) {
      contentType = sniffType(chunk, name);
      if (!contentType) throw holdsMarkup(chunk, name) ? refusedMarkup() : refusedType();
      const values = {
        clientId: target.clientId,
        name: nameForType(name, contentType),
        contentType,
        uploadedBy: target.uploadedBy,
        keyFingerprint: crypto.fingerprint,
      };
      id = await store(() => repo.insertPending(db, values));
      started(id);
      if (contentType === 'text/plain') text = new TextCheck();
    }
    text?.add(chunk);
    const sealed = crypto.encryptBytes(chunk, chunkAad(id, index));
    await store(() => repo.insertChunk(db, id, index, sealed));
    index += 1;
  };

  for await (const data of part.file as AsyncIterable<Buffer>) {
    size += data.length;
    if (size > target.maxBytes) throw tooLarge(target.maxBytes);
    hash.update(data);
    buffered.push(data);
    bufferedBytes += data.length;
    while (bufferedBytes >= ATTACHMENT_CHUNK_BYTES) {
      const all = buffered.length === 1 ? buffered[0]! : Buffer.concat(buffered);
      await write(all.subarray(0, ATTACHMENT_CHUNK_BYTES));
      const rest = all.subarray(ATTACHMENT_CHUNK_BYTES);
      buffered = rest.length ? [rest] : [];
      bufferedBytes = rest.length;
    }
  }
  if (part.file.truncated) throw tooLarge(target.maxBytes);
  if (size === 0) throw new HttpError(400, 'attachment_empty');
  if (bufferedBytes > 0) await write(Buffer.concat(buffered));
  if (text && !text.passed()) throw refusedType();
  const sha256 = crypto.fileDigest(hash.digest('hex'));
  return { contentType: contentType!, size, chunkCount: index, sha256 };
}

/** The form fields beside the file: the one text rule, then the shared schema. */
function parseFields(raw: Record<string, unknown>) {
  const values = { category: raw.category, note: raw.note };
  const at = checkTexts(values);
  if (at !== undefined) throw badRequest({ [at || 'body']: { code: 'controlCharacters' } });
  const parsed = attachmentFieldsSchema.safeParse(values);
  if (parsed.success) return parsed.data;
  const fields: FieldMessages = {};
  for (const issue of parsed.error.issues)
    fields[String(issue.path[0] ?? 'body')] ??= messageOf(issue.message);
  throw badRequest(fields);
}

/**
 * POST /clients/{id}/attachments: the access check, the count, then the file streamed into
 * encrypted chunks (never more than a chunk held), then, in one transaction that locks the client,
 * the count again and the row made visible. Any refusal (size, type, count, fields), or the client
 * going away (a cancelled upload), removes every chunk written: nothing partial is kept.
 */
export async function uploadAttachment(
  db: Db,
  crypto: ClientDataCrypto,
  actor: Actor,
  clientId: number,
  parts: AsyncIterable<UploadPart>,
  maxBytes: number,
  /** Whether the client has gone (cancelled the upload): then nothing is kept. */
  clientGone: () => boolean = () => false,
): Promise<Attachment> {
  await requireRecord(db, actor, 'client', clientId);
  if ((await repo.countAttachments(db, clientId)) >= ATTACHMENT_LIMITS.perClient) throw limitReached();
  await repo.deleteStalePending(db, new Date(Date.now() - STALE_UPLOAD_MS));

  let attachmentId: number | undefined;
  try {
    const fields: Record<string, unknown> = {};
    let stored: StoredBytes | undefined;
    try {
      for await (const part of parts) {
        if (part.type === 'field') fields[part.fieldname] = part.value;
        else if (part.fieldname === 'file' && !stored) {
          stored = await storeFile(
            db,
            crypto,
            part,
            { clientId, uploadedBy: actor.userId, maxBytes },
            (id) => {
              attachmentId = id;
            },
          );
        } else part.file.resume(); // another file field: read past it
      }
    } catch (err) {
      throw multipartError(err, maxBytes);
    }
    if (!stored || attachmentId === undefined) throw new HttpError(400, 'attachment_file_missing');
    const { category, note } = parseFields(fields);
    const id = attachmentId;
    if (clientGone()) throw new HttpError(400, 'bad_request');
    return await auditedTransaction(db, actor, async (tx) => {
      if (!(await repo.lockClient(tx, clientId))) throw notFound();
      if ((await repo.countAttachments(tx, clientId)) >= ATTACHMENT_LIMITS.perClient) throw limitReached();
      if (clientGone()) throw new HttpError(400, 'bad_request');
      if (!(await repo.completeUpload(tx, id, { ...stored, category, note }))) throw notFound();
      return (await repo.findAttachment(tx, id))!;
    });
  } catch (err) {
    if (attachmentId !== undefined) await repo.deleteAttachment(db, attachmentId);
    throw err;
  }
}
