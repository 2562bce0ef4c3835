import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_MIGRATIONS, knownMigrations } from '../db/schema-level.ts';
import { createManifest, type BackupManifest } from './backup-manifest.ts';
import { inForeignKeyOrder, migrationsUpTo, refuseUnknownLevel } from './cross-schema.ts';

const manifestAt = (applied: number, lastWhen: number | null): BackupManifest =>
  createManifest({
    database: { kind: 'postgres', serverVersion: '15.0', section: 'postgres.dump', bytes: 0, sha256: '' },
    migrations: { applied, last: null, lastWhen },
    rowCounts: {},
    keys: { clientData: null, auditChain: null },
  });

describe('a restore across kinds of database', () => {
  it("makes the backup's schema with this build's first migrations, cut at its level", () => {
    const level = 5;
    const { folder, remove } = migrationsUpTo(manifestAt(level, BUILD_MIGRATIONS[level - 1]!.when));
    try {
      expect(knownMigrations(folder)).toEqual(BUILD_MIGRATIONS.slice(0, level));
      expect(fs.readdirSync(folder).filter((f) => f.endsWith('.sql'))).toHaveLength(level);
    } finally {
      remove();
    }
    expect(fs.existsSync(path.join(folder, 'meta'))).toBe(false);
  });

  it("refuses, before anything is written, a level that is not this build's migrations", () => {
    const last = BUILD_MIGRATIONS.at(-1)!;
    expect(() => refuseUnknownLevel(manifestAt(BUILD_MIGRATIONS.length, last.when))).not.toThrow();
    expect(() => refuseUnknownLevel(manifestAt(3, last.when))).toThrow(/Nothing was written/);
    expect(() => refuseUnknownLevel(manifestAt(0, null))).toThrow(/Nothing was written/);
  });

  it('loads each table after the tables it references, a partitioned one as one', () => {
    const t = (name: string, root = name) => ({ name, root });
    const keys = [
      { child: 'public.clients', parent: 'public.centres' },
      { child: 'public.centres', parent: 'public.provinces' },
      { child: 'public.notes', parent: 'public.clients' },
      { child: 'public.audit_refs', parent: 'public.audit_entries' },
    ];
    const order = inForeignKeyOrder(
      [
        t('public.notes'),
        t('public.audit_refs'),
        t('public.clients'),
        t('public.audit_entries_2026_01', 'public.audit_entries'),
        t('public.centres'),
        t('public.provinces'),
        t('public.audit_entries_2026_02', 'public.audit_entries'),
      ],
      keys,
    ).map((x) => x.name);
    const before = (a: string, b: string) => expect(order.indexOf(a)).toBeLessThan(order.indexOf(b));
    before('public.provinces', 'public.centres');
    before('public.centres', 'public.clients');
    before('public.clients', 'public.notes');
    before('public.audit_entries_2026_01', 'public.audit_refs');
    before('public.audit_entries_2026_02', 'public.audit_refs');
    expect(() =>
      inForeignKeyOrder(
        [t('public.a'), t('public.b')],
        [
          { child: 'public.a', parent: 'public.b' },
          { child: 'public.b', parent: 'public.a' },
        ],
      ),
    ).toThrow(/form a cycle/);
  });
});
