import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Locale } from '@cairn/shared/locales';
import { MINISTRY_FILE_LIMITS, type MinistryFile } from '@cairn/shared/reporting.schemas';
import { wordsIn } from '@cairn/shared/wording';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { inSharedSnapshot } from '../../db/cursor.ts';
import type { ReportSource } from '../../db/replica.ts';
import { answerConstraints } from '../../lib/constraint-answers.ts';
import { everyDay } from '../../lib/daily-job.ts';
import { conflict } from '../../lib/http-error.ts';
import { xlsxInto } from '../../lib/xlsx-stream.ts';
import type { Actor } from '../../plugins/auth.ts';
import { requireOwnMinistryFile } from '../access/ministry-files.policy.ts';
import type { MinistryRange } from './ministry-report.repository.ts';
import { ministryRowCount, writeMinistryFile, type MinistryFileWords } from './ministry-report.service.ts';
import { openChunks, storeChunks } from './ministry-file-chunks.service.ts';
import * as repo from './ministry-files.repository.ts';

/**
 * The ministry spreadsheet built in the background (issue 33; docs/ARCHITECTURE.md, "Ministry files built
 * in the background"): at 1,000,000 clients the file takes the better part of a minute, longer
 * than a download should hang. The process that takes the request writes the file from one
 * snapshot (writeMinistryFile, as the streamed route does) into a temporary file on its own disk,
 * counting every sheet's rows first so the screen can show how far it is; then stores it in the
 * database in chunks encrypted with the client data key, so any process behind the balancer hands
 * it over. Meanwhile it writes its progress and a heartbeat every HEARTBEAT_MS: a file whose
 * heartbeat stopped STALE_SECONDS ago lost its process and reads as failed
 * (`ministry_file_interrupted`), as does one under way when its process is stopped. A file is kept
 * MINISTRY_FILE_LIMITS.keptHours, then removed by the daily clean-up.
 *
 * Written to disk first rather than to the database as it is built: on PGlite (one connection) the
 * snapshot's transaction holds the database while the file is written, so nothing else could be
 * stored until it ends.
 */

const HEARTBEAT_MS = 2_000;
const STALE_SECONDS = 30;
/** What a build under way in this process is at; `stopped` says why it must stop (an error code). */
interface Build {
  written: number;
  total: number | null;
  stopped: 'removed' | 'ministry_file_interrupted' | null;
  done: Promise<void>;
}

/** A build stopped on purpose (removed, or its process stopping). */
class Stopped extends Error {}

export interface MinistryFiles {
  /** A new file for the range, answered at once, running; 409 ministry_file_running if the caller has one. */
  start(actor: Actor, r: Required<MinistryRange>): Promise<MinistryFile>;
  /** The caller's files not yet expired, newest first. */
  list(actor: Actor): Promise<MinistryFile[]>;
  /** One of the caller's files (404 when another's, expired or gone). */
  get(actor: Actor, fileId: number): Promise<MinistryFile>;
  /** Removes one of the caller's files; one under way is stopped. */
  remove(actor: Actor, fileId: number): Promise<void>;
  /** A ready file's bytes, read and decrypted a few chunks at a time (409 ministry_file_not_ready otherwise). */
  open(actor: Actor, fileId: number): Promise<{ file: repo.MinistryFileRow; body: Readable }>;
}

export function ministryFiles(app: FastifyInstance, ctx: AppContext): MinistryFiles {
  const building = new Map<number, Build>();
  const cleanUp = everyDay(app, ctx.db, 'ministry_files_cleanup', 'expired ministry files not removed', () =>
    repo.deleteExpired(ctx.db),
  );
  app.addHook('onClose', cleanUp.stop);
  // A file under way when the process stops is failed while the database is still open.
  app.addHook('preClose', async () => {
    for (const build of building.values()) build.stopped ??= 'ministry_file_interrupted';
    await Promise.all([...building.values()].map((b) => b.done));
  });

  const answer = (row: repo.MinistryFileRow): MinistryFile => {
    const build = building.get(row.fileId);
    const running = row.status === 'running';
    return {
      id: row.fileId,
      start: row.rangeStart,
      end: row.rangeEnd,
      lang: row.lang as Locale,
      status: row.status as MinistryFile['status'],
      failure: row.failure,
      rows_written: running && build ? build.written : row.rowsWritten,
      rows_total: running && build ? build.total : row.rowsTotal,
      file_name: row.fileName,
      size: row.size,
      data_as_of: row.dataAsOf?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      finished_at: row.finishedAt?.toISOString() ?? null,
      expires_at: row.expiresAt.toISOString(),
    };
  };

  const failStale = () => repo.failStale(ctx.db, STALE_SECONDS, [...building.keys()]);

  /** Writes the file from one snapshot of `source` into `path`; answers each sheet's rows. */
  async function writeFile(
    source: ReportSource,
    path: string,
    r: MinistryRange,
    words: MinistryFileWords,
    build: Build,
  ) {
    const out = createWriteStream(path);
    try {
      const xlsx = xlsxInto(out, { sharedStrings: true });
      const rows = await inSharedSnapshot(source.db, async (snapshot) => {
        build.total = await ministryRowCount(snapshot, r);
        const rows = await writeMinistryFile(snapshot, xlsx, r, words, (written) => {
          build.written = written;
          if (build.stopped) throw new Stopped();
        });
        await xlsx.finish();
        return rows;
      });
      await finished(out);
      return rows;
    } catch (err) {
      out.destroy();
      throw err;
    }
  }

  async function run(row: repo.MinistryFileRow, r: MinistryRange, words: MinistryFileWords, build: Build) {
    const fileId = row.fileId;
    let beating = false;
    const heartbeat = setInterval(() => {
      if (beating) return;
      beating = true;
      repo
        .beat(ctx.db, fileId, build)
        .then((running) => {
          if (!running) build.stopped ??= 'removed';
        })
        .catch((err: unknown) =>
          app.log.warn({ code: (err as { code?: string }).code }, 'ministry file heartbeat failed'),
        )
        .finally(() => (beating = false));
    }, HEARTBEAT_MS);
    heartbeat.unref();
    let dir: string | undefined;
    try {
      dir = await mkdtemp(join(tmpdir(), 'cairn-ministry-'));
      const path = join(dir, 'ministry.xlsx');
      let source = await ctx.reports.source();
      app.metrics.reportRead(source.from);
      let rows;
      try {
        rows = await writeFile(source, path, r, words, build);
      } catch (err) {
        // A read that fails on the replica is read again on the primary, as a report's is.
        if (source.from !== 'replica' || err instanceof Stopped) throw err;
        app.log.warn({ code: (err as { code?: string }).code }, 'ministry file failed on the replica');
        ctx.reports.failed();
        source = await ctx.reports.source();
        app.metrics.reportRead(source.from);
        rows = await writeFile(source, path, r, words, build);
      }
      const stored = await storeChunks(ctx.db, ctx.clientCrypto, fileId, path, () => {
        if (build.stopped) throw new Stopped();
      });
      const ready = await repo.markReady(ctx.db, fileId, {
        ...stored,
        keyFingerprint: ctx.clientCrypto.fingerprint,
        dataAsOf: source.asOf,
        sheetRows: rows,
        rowsWritten: build.written,
        rowsTotal: build.total,
      });
      if (!ready) throw new Stopped();
    } catch (err) {
      const code = build.stopped ?? 'ministry_file_failed';
      if (!(err instanceof Stopped) && !build.stopped) {
        app.log.error(
          { code: (err as { code?: string }).code, name: (err as Error).name },
          'ministry file failed',
        );
      }
      // A removed file is gone with its chunks; any other is failed and its chunks removed.
      await repo
        .markFailed(ctx.db, fileId, code === 'removed' ? 'ministry_file_failed' : code)
        .catch((e: unknown) =>
          app.log.error({ code: (e as { code?: string }).code }, 'ministry file not marked failed'),
        );
    } finally {
      clearInterval(heartbeat);
      if (dir) await rm(dir, { recursive: true, force: true }).catch(() => {});
      building.delete(fileId);
    }
  }

  const ownFile = async (actor: Actor, fileId: number) => {
    await failStale();
    return requireOwnMinistryFile(actor, await repo.fileOf(ctx.db, fileId));
  };

  return {
    async start(actor, r) {
      await failStale();
      const words = wordsIn(r.locale);
      const fileWords = { words: words.spreadsheet, choice: words.choice };
      const row = await answerConstraints(
        () =>
          repo.insertFile(ctx.db, MINISTRY_FILE_LIMITS.keptHours, {
            requestedBy: actor.userId,
            rangeStart: r.start,
            rangeEnd: r.end,
            lang: r.locale,
            fileName: `${fileWords.words('ministry.fileName', { start: r.start, end: r.end })}.xlsx`,
          }),
        { ministry_files_one_running_idx: () => conflict('ministry_file_running') },
      );
      const build: Build = { written: 0, total: null, stopped: null, done: Promise.resolve() };
      building.set(row.fileId, build);
      build.done = run(row, r, fileWords, build);
      return answer(row);
    },

    async list(actor) {
      await failStale();
      return (await repo.filesOf(ctx.db, actor.userId, MINISTRY_FILE_LIMITS.listed)).map(answer);
    },

    async get(actor, fileId) {
      return answer(await ownFile(actor, fileId));
    },

    async remove(actor, fileId) {
      await ownFile(actor, fileId);
      const build = building.get(fileId);
      if (build) build.stopped ??= 'removed';
      await repo.deleteFile(ctx.db, fileId);
    },

    async open(actor, fileId) {
      const file = await ownFile(actor, fileId);
      if (file.status !== 'ready') throw conflict('ministry_file_not_ready');
      return { file, body: await openChunks(ctx.db, ctx.clientCrypto, file) };
    },
  };
}
