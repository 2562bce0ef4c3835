import { APP_VERSION } from '@cairn/shared/limits';
import { z } from 'zod';
import type { DatabaseKind } from '../db/database.ts';
import { BUILD_MIGRATIONS } from '../db/schema-level.ts';
import { BackupFileError, BackupRefusal } from './backup-errors.ts';

/**
 * What a backup records about itself (docs/ARCHITECTURE.md, "Backups"): Cairn's version, the
 * database's kind and version, the migration level, the rows of every table, when, and the
 * fingerprints (never the values) of the client data key and the audit chain key in use.
 */
const manifestSchema = z.object({
  format: z.literal(1),
  cairnVersion: z.string(),
  createdAt: z.string(),
  database: z.object({
    kind: z.enum(['postgres', 'pglite']),
    serverVersion: z.string(),
    section: z.string(),
    bytes: z.number().int().nonnegative(),
    sha256: z.string(),
  }),
  migrations: z.object({
    applied: z.number().int().nonnegative(),
    last: z.string().nullable(),
    lastWhen: z.number().nullable(),
  }),
  rowCounts: z.record(z.string(), z.number().int().nonnegative()),
  keys: z.object({ clientData: z.string().nullable(), auditChain: z.string().nullable() }),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type MigrationLevel = BackupManifest['migrations'];

/** Runs one statement and answers its rows: through a pg client, or a PGlite transaction. */
export type RunQuery = <T>(text: string) => Promise<T[]>;

/**
 * The rows of every table of Cairn's (the public schema and the migrations' record), by name: a
 * partitioned table counted once, through its parent.
 */
export async function countRows(query: RunQuery): Promise<Record<string, number>> {
  const tables = await query<{ schema: string; name: string }>(
    `SELECT n.nspname AS schema, c.relname AS name FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname IN ('public', 'drizzle') AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      ORDER BY n.nspname, c.relname`,
  );
  const counts: Record<string, number> = {};
  for (const { schema, name } of tables) {
    const quoted = `"${schema.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`;
    const [row] = await query<{ n: string | number }>(`SELECT count(*) AS n FROM ${quoted}`);
    counts[schema === 'public' ? name : `${schema}.${name}`] = Number(row?.n ?? 0);
  }
  return counts;
}

/** The migrations the database holds: how many, and the last one's tag (when this build knows it). */
export async function migrationLevel(query: RunQuery): Promise<MigrationLevel> {
  const [present] = await query<{ present: boolean }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  );
  if (!present?.present) return { applied: 0, last: null, lastWhen: null };
  const [row] = await query<{ applied: string | number; last: string | null }>(
    `SELECT count(*) AS applied, max(created_at)::text AS last FROM drizzle.__drizzle_migrations`,
  );
  const lastWhen = row?.last ? Number(row.last) : null;
  const last = BUILD_MIGRATIONS.find((m) => m.when === lastWhen)?.tag ?? null;
  return { applied: Number(row?.applied ?? 0), last, lastWhen };
}

export function createManifest(
  fields: Omit<BackupManifest, 'format' | 'cairnVersion' | 'createdAt'>,
): BackupManifest {
  return { format: 1, cairnVersion: APP_VERSION, createdAt: new Date().toISOString(), ...fields };
}

export function parseManifest(bytes: Buffer, file: string): BackupManifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BackupFileError(`${file}: its manifest is not JSON (damaged).`);
  }
  const manifest = manifestSchema.safeParse(parsed);
  if (!manifest.success)
    throw new BackupFileError(`${file}: its manifest is not one this version of Cairn reads.`);
  return manifest.data;
}

/** Refuses a backup of a schema newer than this build's migrations. */
export function refuseNewerBackup(manifest: BackupManifest): void {
  const known = BUILD_MIGRATIONS;
  const { applied, lastWhen } = manifest.migrations;
  if (applied > known.length || (lastWhen ?? 0) > (known.at(-1)?.when ?? 0))
    throw new BackupRefusal(
      `This backup was made by a newer version of Cairn (${manifest.cairnVersion}): its schema holds ` +
        `${applied} migrations, this version (${APP_VERSION}) knows ${known.length}. ` +
        'Restore it with that version or a later one. Nothing was written.',
    );
}

export function kindName(kind: DatabaseKind): string {
  return kind === 'postgres' ? 'PostgreSQL' : 'the embedded database (PGlite)';
}

/** The tables whose rows differ from the manifest's: none when the restore is whole. */
export function countDifferences(expected: Record<string, number>, actual: Record<string, number>): string[] {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  return names
    .filter((name) => expected[name] !== actual[name])
    .map(
      (name) => `${name}: ${actual[name] ?? 'missing'} rows, the backup holds ${expected[name] ?? 'none'}`,
    );
}
