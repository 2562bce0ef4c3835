import type { Readable } from 'node:stream';
import {
  isInlineType,
  type Attachment,
  type attachmentUpdateSchema,
} from '@cairn/shared/attachments.schemas';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { ClientDataCrypto } from '../../lib/client-data-crypto.ts';
import { notFound, orNotFound } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { requireRecord, writeWithin } from '../access/access.service.ts';
import { requireMayDeleteAttachment } from '../access/attachments.policy.ts';
import { contentDisposition, nameForType, uploadedName } from './attachment-names.policy.ts';
import { openStoredFile } from './attachment-chunks.service.ts';
import * as repo from './attachments.repository.ts';

/**
 * A client's documents (issue 15). One function per action (list, upload in
 * attachment-upload.service.ts, download, change, delete): the audit trail hooks in here.
 */

export async function listAttachments(db: Db, actor: Actor, clientId: number): Promise<Attachment[]> {
  await requireRecord(db, actor, 'client', clientId);
  return repo.listAttachments(db, clientId);
}

/** Saves a new name, category or note; what the body leaves out stays. */
export async function updateAttachment(
  db: Db,
  actor: Actor,
  attachmentId: number,
  input: z.output<typeof attachmentUpdateSchema>,
): Promise<Attachment> {
  return writeWithin(db, actor, 'attachment', attachmentId, async (tx) => {
    const file = input.name === undefined ? undefined : await repo.findStoredFile(tx, attachmentId);
    // A new name loses control characters and keeps its type's extension (attachment-names.policy.ts).
    const name =
      file && input.name !== undefined ? nameForType(uploadedName(input.name), file.contentType) : undefined;
    await orNotFound(repo.updateAttachment(tx, attachmentId, { ...input, name }));
    return orNotFound(repo.findAttachment(tx, attachmentId));
  });
}

/** Deletes a file: its uploader, or a role that deletes any (an Admin); 403 for anyone else. */
export async function deleteAttachment(db: Db, actor: Actor, attachmentId: number): Promise<void> {
  await writeWithin(db, actor, 'attachment', attachmentId, async (tx) => {
    const file = await orNotFound(repo.findStoredFile(tx, attachmentId));
    requireMayDeleteAttachment(actor, file.uploadedBy);
    await orNotFound(repo.deleteAttachment(tx, attachmentId));
  });
}

export interface Download {
  headers: Record<string, string>;
  body: Readable;
}

/**
 * GET /attachments/{id}/content: the file's bytes, checked against their SHA-256, with the headers
 * that keep a browser from running it. Only a PDF or an image is ever shown inline.
 */
export async function downloadAttachment(
  db: Db,
  crypto: ClientDataCrypto,
  actor: Actor,
  attachmentId: number,
  inline: boolean,
): Promise<Download> {
  await requireRecord(db, actor, 'attachment', attachmentId);
  const file = await repo.findStoredFile(db, attachmentId);
  if (!file) throw notFound();
  const body = await openStoredFile(db, crypto, attachmentId, file);
  const disposition = inline && isInlineType(file.contentType) ? 'inline' : 'attachment';
  return {
    headers: {
      'content-type': file.contentType === 'text/plain' ? 'text/plain; charset=utf-8' : file.contentType,
      'content-length': String(file.size),
      'content-disposition': contentDisposition(disposition, file.name),
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    },
    body,
  };
}
