import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createClientDataCrypto, parseMasterKey } from '../../src/lib/client-data-crypto.ts';
import { keyStoredDigests } from '../../src/modules/attachments/attachment-digests.service.ts';
import { pino } from 'pino';
import { auditVerify } from '../../src/cli/audit-verify.ts';
import { loadConfig } from '../../src/config.ts';
import { chain } from '../../src/modules/audit/audit-chain.service.ts';
import { startCheckpoints } from '../../src/modules/audit/audit-checkpoint.service.ts';
import { encoderOnThread } from '../../src/modules/audit/audit-encoder.service.ts';
import { writerChainKeys } from '../../src/modules/audit/audit-key.service.ts';
import { dropExpiredPartitions } from '../../src/modules/audit/audit-retention.service.ts';
import {
  appendEntries,
  createAuditWriter,
  type PendingEntry,
} from '../../src/modules/audit/audit-writer.service.ts';
import { readEntry } from '../helpers/audit.ts';
import {
  closeOpened,
  emptyDatabase,
  folderUpTo,
  MIGRATING,
  migrateFrom,
  migrateWith,
  MIGRATIONS,
  rowsOf,
  type Journal,
} from '../helpers/migrations.ts';

/**
 * The migrations of issue 27 (trust) on databases that held data before them: 0022 keys the audit
 * chain from then on, 0023 carries live refresh tokens into sessions, 0025 leaves old attachment
 * digests to be keyed at start. The older migrations' data tests are in migrations.test.ts.
 */
afterEach(closeOpened);

describe('migration 0022 keys the audit chain from then on', MIGRATING, () => {
  const entry = (at: string, n: number): PendingEntry => readEntry(n, { at, details: { n } });

  it('keeps the unkeyed entries written before it verifiable, keyed ones after, a retention drop among them', async () => {
    const old = await emptyDatabase();
    await migrateWith(old, folderUpTo(21));
    // A trail as the server wrote it before: plain SHA-256, fourteen columns, an old month and this one.
    const now = new Date().toISOString();
    const unkeyed = chain(null, [
      entry('2010-01-10T10:00:00.000Z', 1),
      entry('2010-01-11T10:00:00.000Z', 2),
      entry(now, 3),
    ]);
    for (const e of unkeyed) {
      await old.db.execute(sql`SELECT audit_partition_for(${`${e.at.slice(0, 7)}-01`}::date)`);
      await old.db
        .execute(sql`INSERT INTO audit_entries (seq, at, user_id, role_id, action, record_kind, record_id,
          client_id, address, user_agent, outcome, details, prev_hash, hash)
        VALUES (${e.seq}, ${e.at}::timestamptz, NULL, NULL, ${e.action}, ${e.recordKind}, ${e.recordId}, ${e.clientId},
          ${e.address}, NULL, ${e.outcome}, ${JSON.stringify(e.details)}::jsonb, ${e.prevHash}, ${e.hash})`);
    }
    await old.migrate();
    const policy = await rowsOf<{ unkeyed_until: string; retention_months: number }>(
      old,
      sql`SELECT unkeyed_until::text AS unkeyed_until, retention_months FROM audit_policy`,
    );
    expect(policy).toEqual([{ unkeyed_until: '3', retention_months: 84 }]);
    // The partitions made before the migration refuse TRUNCATE too.
    await expect(old.db.execute(sql`TRUNCATE audit_entries_2010_01`)).rejects.toThrow();
    await expect(old.db.execute(sql`TRUNCATE audit_entries`)).rejects.toThrow();

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-trail-'));
    try {
      const config = loadConfig({
        AUDIT_CHAIN_KEY: 'a-chain-key-for-the-migrated-trail-0123456789',
        AUDIT_CHECKPOINT_FILE: path.join(dir, 'checkpoints.log'),
        DATA_DIR: dir,
      });
      const keys = writerChainKeys(config);
      // As the server does: checkpoints from its start, the last at its close.
      const log = pino({ level: 'silent' });
      const checkpoints = startCheckpoints(old.db, keys.current, config.audit.checkpointFile, log, 3_600_000);
      await appendEntries(old.db, [entry(now, 4), entry(now, 5)], encoderOnThread(keys));
      const writer = createAuditWriter(old.db, keys, log, 3_600_000);
      expect(await dropExpiredPartitions(old.db, writer, 84)).toEqual(['audit_entries_2010_01']);
      await writer.close();
      await checkpoints.stop();
      const rows = await rowsOf<{ seq: number; key_id: string | null; action: string }>(
        old,
        sql`SELECT seq::int AS seq, key_id, action FROM audit_entries ORDER BY seq`,
      );
      expect(rows.map((r) => [r.seq, r.key_id === null ? 'unkeyed' : 'keyed'])).toEqual([
        [3, 'unkeyed'],
        [4, 'keyed'],
        [5, 'keyed'],
        [6, 'keyed'],
      ]);
      expect(rows.at(-1)!.action).toBe('retention_drop');
      const verified = await auditVerify(old.db, config);
      expect(verified).toEqual({
        code: 0,
        message: `Audit trail intact: 4 entries checked (key ${keys.current.id} from entry 4); 1 checkpoint matched.`,
      });
      expect(JSON.parse(fs.readFileSync(config.audit.checkpointFile, 'utf8'))).toMatchObject({ seq: 6 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('migration 0023 opens a session for each live refresh token', MIGRATING, () => {
  it('keeps live tokens usable in sessions of their own and drops dead ones', async () => {
    const database = await emptyDatabase();
    await migrateWith(database, folderUpTo(21));
    const one = async <T>(query: SQL) => (await rowsOf<T>(database, query))[0]!;
    const { user_id: userId } = await one<{ user_id: number }>(sql`
      insert into users (first_name, last_name, email, role_id)
      values ('Ada', 'Session', 'ada.session@example.ca', 2) returning user_id`);
    await database.db.execute(sql`
      insert into refresh_tokens (user_id, token_hash, expires_at, revoked_at) values
        (${userId}, 'live-1', now() + interval '1 day', null),
        (${userId}, 'live-2', now() + interval '2 days', null),
        (${userId}, 'revoked', now() + interval '1 day', now()),
        (${userId}, 'expired', now() - interval '1 day', null)`);
    await migrateFrom(database, MIGRATIONS);

    const tokens = await rowsOf<{ token_hash: string; session_id: number; same_expiry: boolean }>(
      database,
      sql`select t.token_hash, t.session_id::int as session_id, t.expires_at = s.expires_at as same_expiry
            from refresh_tokens t join auth_sessions s on s.id = t.session_id
           where s.user_id = ${userId} and s.revoked_at is null order by t.token_hash`,
    );
    expect(tokens.map((r) => [r.token_hash, r.same_expiry])).toEqual([
      ['live-1', true],
      ['live-2', true],
    ]);
    expect(new Set(tokens.map((r) => r.session_id)).size).toBe(2);
    expect((await one<{ n: number }>(sql`select count(*)::int as n from refresh_tokens`)).n).toBe(2);
    // New sessions take ids after the carried ones.
    const { id } = await one<{ id: number }>(sql`
      insert into auth_sessions (user_id, expires_at) values (${userId}, now() + interval '1 day')
      returning id::int as id`);
    expect(id).toBeGreaterThan(Math.max(...tokens.map((r) => r.session_id)));
  });
});

describe('migration 0025 leaves the digests stored before it to be keyed at start', MIGRATING, () => {
  it('marks the rows there unkeyed, new ones keyed, and the start keys the old ones', async () => {
    const journal = JSON.parse(
      fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8'),
    ) as Journal;
    const own = journal.entries.find((e) => e.tag.endsWith('_attachment-keyed-digests'))!;
    const database = await emptyDatabase();
    await migrateWith(
      database,
      folderUpTo(Math.max(...journal.entries.filter((e) => e.idx < own.idx).map((e) => e.idx))),
    );
    const one = async <T>(query: SQL) => (await rowsOf<T>(database, query))[0]!;
    const { centre_id: centreId } = await one<{ centre_id: number }>(
      sql`insert into centres (name, phone) values ('Digest centre', '7055550100') returning centre_id`,
    );
    const { client_id: clientId } = await one<{ client_id: number }>(sql`
      insert into clients (first_name, last_name, centre_id, consent, missing_info, search_text, name_key)
      values ('Ada', 'Digest', ${centreId}, true, false, 'ada digest', 'digest ada') returning client_id`);
    const plain = crypto.createHash('sha256').update('%PDF-1.4 old file').digest('hex');
    const insert = (sha256: string | null, complete: boolean) =>
      one<{ id: number }>(sql`
        insert into attachments (client_id, name, content_type, size, chunk_count, sha256, complete)
        values (${clientId}, 'old.pdf', 'application/pdf', 17, 1, ${sha256}, ${complete})
        returning attachment_id as id`);
    const old = await insert(plain, true);
    const pending = await insert(null, false);

    await database.migrate();
    const stateOf = (id: number) =>
      one<{ sha256: string | null; keyed: boolean }>(
        sql`select sha256, sha256_keyed as keyed from attachments where attachment_id = ${id}`,
      );
    expect(await stateOf(old.id)).toEqual({ sha256: plain, keyed: false });
    expect((await stateOf(pending.id)).keyed).toBe(false);
    const fresh = await insert(null, false);
    expect((await stateOf(fresh.id)).keyed).toBe(true);

    const keys = createClientDataCrypto(parseMasterKey('6a'.repeat(32)));
    expect(await keyStoredDigests(database.db, keys)).toBe(2);
    expect(await stateOf(old.id)).toEqual({ sha256: keys.fileDigest(plain), keyed: true });
    expect(await stateOf(pending.id)).toEqual({ sha256: null, keyed: true });
    expect(await keyStoredDigests(database.db, keys)).toBe(0);
  });
});
