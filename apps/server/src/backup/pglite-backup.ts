import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import type { Db } from '../db/database.ts';
import { countRows, migrationLevel, type MigrationLevel, type RunQuery } from './backup-manifest.ts';

/**
 * The embedded database's part of a backup and a restore (docs/ARCHITECTURE.md, "Backups"):
 * PGlite's own dump of its data directory, a tar, without the files Cairn keeps beside the
 * database in DATA_DIR (the generated keys above all, the lock, the audit checkpoints).
 */

/** What PostgreSQL keeps at the top of its data directory: all a dump carries, and all --force removes. */
const DATABASE_ENTRY =
  /^(base|global|pg_[a-z_]+|PG_VERSION|postgresql(\.auto)?\.conf|pg_hba\.conf|pg_ident\.conf|postmaster\.opts)$/;

export interface PgliteDump {
  /** The data directory's database entries, a gzipped tar. */
  tarGz: Buffer;
  rowCounts: Record<string, number>;
  migrations: MigrationLevel;
  serverVersion: string;
}

/**
 * Counts the rows and dumps the data directory inside one transaction of PGlite's: no other
 * statement runs between them (PGlite runs one transaction at a time), so the counts are the
 * dump's. Used by `npm run backup` (the server stopped) and by the server's own scheduled backup.
 */
export async function dumpPglite(client: PGlite): Promise<PgliteDump> {
  const { tar, ...rest } = await client.transaction(async (tx) => {
    const query: RunQuery = async <T>(text: string) => (await tx.query<T>(text)).rows;
    const rowCounts = await countRows(query);
    const migrations = await migrationLevel(query);
    const [version] = await query<{ v: string }>(`SELECT current_setting('server_version') AS v`);
    const dump = await client.dumpDataDir('none');
    const tar = databaseEntriesOnly(Buffer.from(await dump.arrayBuffer()));
    return { tar, rowCounts, migrations, serverVersion: version!.v };
  });
  // Compressed outside the transaction (zlib's threads): an empty database's directory is 40 MB
  // as a tar, under a tenth of it gzipped.
  return { ...rest, tarGz: await promisify(gzip)(tar) };
}

/** A dump's tar, as PGlite loads it: only the database's own entries (never a key file). */
export async function pgliteTar(tarGz: Buffer): Promise<Blob> {
  const tar = databaseEntriesOnly(await promisify(gunzip)(tarGz));
  return new Blob([tar], { type: 'application/x-tar' });
}

/** The entry's path in a tar header block (ustar's prefix and name). */
function entryName(header: Buffer): string {
  const text = (from: number, to: number) => {
    const field = header.subarray(from, to);
    const end = field.indexOf(0);
    return field.subarray(0, end < 0 ? field.length : end).toString('utf8');
  };
  const prefix = text(257, 263).startsWith('ustar') ? text(345, 500) : '';
  return prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
}

/** The PGlite instance under an embedded database's drizzle handle, open in this process. */
export function pgliteOf(db: Db | undefined): PGlite {
  const client = (db as { $client?: unknown } | undefined)?.$client;
  if (!(client instanceof PGlite)) throw new Error('the embedded database is not open in this process');
  return client;
}

/** The rows of every table now, to check a restore against its manifest. */
export function countPglite(client: PGlite): Promise<Record<string, number>> {
  return countRows(async <T>(text: string) => (await client.query<T>(text)).rows);
}

/** The tar's entries under the database's own top-level names, in order; the others left out. */
export function databaseEntriesOnly(tar: Buffer): Buffer {
  const kept: Buffer[] = [];
  let at = 0;
  while (at + 512 <= tar.length) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const size = parseInt(header.subarray(124, 136).toString('ascii').replace(/\0.*$/, '').trim() || '0', 8);
    const blocks = 512 + Math.ceil(size / 512) * 512;
    const top =
      entryName(header)
        .replace(/^(\.?\/)+/, '')
        .split('/')[0] ?? '';
    if (DATABASE_ENTRY.test(top)) kept.push(tar.subarray(at, at + blocks));
    at += blocks;
  }
  kept.push(Buffer.alloc(1024));
  return Buffer.concat(kept);
}

/** Whether DATA_DIR holds a database (PGlite's, or anything PostgreSQL would see as one). */
export function pgliteIsEmpty(dataDir: string): boolean {
  return !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
}

/** Removes the database from DATA_DIR for `restore --force`, leaving Cairn's own files (the keys). */
export function emptyPglite(dataDir: string): void {
  for (const entry of fs.readdirSync(dataDir))
    if (DATABASE_ENTRY.test(entry)) fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
}
