import { and, asc, desc, eq, gt, gte, lt, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { ministryFileChunks, ministryFiles } from '../../db/schema/ministry-files.ts';

/** The ministry files built in the background (db/schema/ministry-files.ts). */

export type MinistryFileRow = typeof ministryFiles.$inferSelect;

/**
 * A new file, running, for its requester, kept `keptHours` from now; refused by
 * ministry_files_one_running_idx if they have one running.
 */
export async function insertFile(
  db: Executor,
  keptHours: number,
  values: Pick<
    typeof ministryFiles.$inferInsert,
    'requestedBy' | 'rangeStart' | 'rangeEnd' | 'lang' | 'fileName'
  >,
): Promise<MinistryFileRow> {
  const [row] = await db
    .insert(ministryFiles)
    .values({ ...values, expiresAt: sql`now() + make_interval(hours => ${keptHours})` })
    .returning();
  return row!;
}

/** A file not yet expired, or undefined. */
export async function fileOf(db: Executor, fileId: number): Promise<MinistryFileRow | undefined> {
  const [row] = await db
    .select()
    .from(ministryFiles)
    .where(and(eq(ministryFiles.fileId, fileId), gt(ministryFiles.expiresAt, sql`now()`)));
  return row;
}

/** A user's files not yet expired, newest first. */
export function filesOf(db: Executor, userId: number, limit: number): Promise<MinistryFileRow[]> {
  return db
    .select()
    .from(ministryFiles)
    .where(and(eq(ministryFiles.requestedBy, userId), gt(ministryFiles.expiresAt, sql`now()`)))
    .orderBy(desc(ministryFiles.createdAt), desc(ministryFiles.fileId))
    .limit(limit);
}

/**
 * A running file's progress, and its heartbeat: false once it is no longer running (removed, or
 * marked failed), so its process stops building it.
 */
export async function beat(
  db: Executor,
  fileId: number,
  progress: { written: number; total: number | null },
): Promise<boolean> {
  const rows = await db
    .update(ministryFiles)
    .set({ rowsWritten: progress.written, rowsTotal: progress.total, heartbeatAt: sql`now()` })
    .where(and(eq(ministryFiles.fileId, fileId), eq(ministryFiles.status, 'running')))
    .returning({ fileId: ministryFiles.fileId });
  return rows.length > 0;
}

/**
 * Files still running whose heartbeat stopped `staleSeconds` ago, but those `building` here: their
 * process stopped, so they failed.
 */
export async function failStale(db: Executor, staleSeconds: number, building: number[]): Promise<void> {
  await db
    .update(ministryFiles)
    .set({ status: 'failed', failure: 'ministry_file_interrupted', finishedAt: sql`now()` })
    .where(
      and(
        eq(ministryFiles.status, 'running'),
        lt(ministryFiles.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds})`),
        building.length > 0 ? notInArray(ministryFiles.fileId, building) : undefined,
      ),
    );
}

export async function insertChunk(db: Executor, fileId: number, chunkIndex: number, data: Uint8Array) {
  await db.insert(ministryFileChunks).values({ fileId, chunkIndex, data });
}

/** Up to `count` chunks from `from` on, in order (ministry_file_chunks_pk). */
export function readChunks(
  db: Executor,
  fileId: number,
  from: number,
  count: number,
): Promise<Array<{ chunkIndex: number; data: Uint8Array }>> {
  return db
    .select({ chunkIndex: ministryFileChunks.chunkIndex, data: ministryFileChunks.data })
    .from(ministryFileChunks)
    .where(and(eq(ministryFileChunks.fileId, fileId), gte(ministryFileChunks.chunkIndex, from)))
    .orderBy(asc(ministryFileChunks.chunkIndex))
    .limit(count);
}

/** A running file made ready, its chunks written; false when it no longer runs (removed or failed). */
export async function markReady(
  db: Executor,
  fileId: number,
  done: Pick<
    typeof ministryFiles.$inferInsert,
    'size' | 'chunkCount' | 'keyFingerprint' | 'dataAsOf' | 'sheetRows' | 'rowsWritten' | 'rowsTotal'
  >,
): Promise<boolean> {
  const rows = await db
    .update(ministryFiles)
    .set({ ...done, status: 'ready', finishedAt: sql`now()`, heartbeatAt: sql`now()` })
    .where(and(eq(ministryFiles.fileId, fileId), eq(ministryFiles.status, 'running')))
    .returning({ fileId: ministryFiles.fileId });
  return rows.length > 0;
}

/** A running file failed with `code`, its chunks removed. */
export async function markFailed(db: Executor, fileId: number, code: string): Promise<void> {
  await db.delete(ministryFileChunks).where(eq(ministryFileChunks.fileId, fileId));
  await db
    .update(ministryFiles)
    .set({ status: 'failed', failure: code, finishedAt: sql`now()` })
    .where(and(eq(ministryFiles.fileId, fileId), eq(ministryFiles.status, 'running')));
}

/** A file and its chunks removed; false when there was none. */
export async function deleteFile(db: Executor, fileId: number): Promise<boolean> {
  const rows = await db
    .delete(ministryFiles)
    .where(eq(ministryFiles.fileId, fileId))
    .returning({ fileId: ministryFiles.fileId });
  return rows.length > 0;
}

/** The files a day old or more, and their chunks (the daily clean-up). */
export async function deleteExpired(db: Executor): Promise<void> {
  await db.delete(ministryFiles).where(lt(ministryFiles.expiresAt, sql`now()`));
}
