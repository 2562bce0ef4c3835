import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/db/seed/demo.ts';
import { withDatabase } from '../helpers/global-setup.ts';
import { startServer as startServerProcess } from '../helpers/server-process.ts';

/**
 * A change is never confirmed without its audit entry, even when the server is killed outright
 * (docs/ARCHITECTURE.md, "The audit trail"): the real server process, on PostgreSQL, with ten
 * writers creating notes and two readers reading profiles, is killed with SIGKILL three times.
 * After each kill, every note the server confirmed (201) is stored, and each has its `create`
 * entry naming it, in the chain or in the inbox the next start moves into it; at the end the
 * chain holds them all and runs on without a gap. Reads' entries are still queued for up to a
 * second: how many a kill lost is printed (README, "What a crash loses"), not asserted.
 */
const tpl = inject('pgTemplate');
const WRITERS = 10;
const READERS = 2;
const RUN_MS = 2500;
const KILLS = 3;

let admin: pg.Client;
let db: pg.Client;
let url: string;
let name: string;
let dataDir: string;

/** The real server on the test's database. */
const startServer = () => startServerProcess({ databaseUrl: url, dataDir });

async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await db.query(text, values)).rows as T[];
}

beforeAll(async () => {
  if (!tpl) return;
  name = `${tpl.template.replace('_tpl_', '_f_')}_crash_${crypto.randomBytes(3).toString('hex')}`;
  admin = new pg.Client({ connectionString: tpl.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${tpl.template}`);
  url = withDatabase(tpl.adminUrl, name);
  db = new pg.Client({ connectionString: url });
  await db.connect();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-crash-'));
});

afterAll(async () => {
  if (!tpl) return;
  await db.end();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!tpl)('audit trail: kill -9 under ten writers (PostgreSQL)', () => {
  it(
    'keeps every confirmed note, each with its create entry, through three kills',
    async () => {
      const confirmed: number[] = [];
      const lostReads: string[] = [];
      const inboxLeft: number[] = [];
      for (let kill = 0; kill < KILLS; kill += 1) {
        const { child, base } = await startServer();
        const token = await signIn(base, 'coordinator@example.ca');
        const [target] = await rows<{ plan_id: number; client_id: number }>(
          `select p.plan_id, p.client_id from plans p join clients c using (client_id)
            join users u on u.centre_id = c.centre_id
           where u.email = 'coordinator@example.ca' order by p.plan_id limit 1`,
        );
        const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
        const seqBefore = Number(
          (await rows<{ seq: string }>(`select coalesce(max(seq), 0)::text as seq from audit_entries`))[0]!
            .seq,
        );
        let stop = false;
        let readsAnswered = 0;
        const writer = async (w: number) => {
          for (let i = 0; !stop; i += 1) {
            try {
              const res = await fetch(`${base}/api/notes`, {
                method: 'POST',
                headers: { ...headers, 'idempotency-key': `crash-${kill}-${w}-${i}` },
                body: JSON.stringify({
                  plan_id: target!.plan_id,
                  topic: `Crash ${kill}.${w}.${i}`,
                  date: '2026-01-15',
                  notes: 'Written while the server is killed.',
                }),
              });
              if (res.status === 201) confirmed.push(((await res.json()) as { note_id: number }).note_id);
            } catch {
              return; // the server is gone
            }
          }
        };
        const reader = async () => {
          while (!stop) {
            try {
              const res = await fetch(`${base}/api/clients/${target!.client_id}`, { headers });
              await res.arrayBuffer();
              if (res.status === 200) readsAnswered += 1;
            } catch {
              return;
            }
          }
        };
        const loops = [
          ...Array.from({ length: WRITERS }, (_, w) => writer(w)),
          ...Array.from({ length: READERS }, () => reader()),
        ];
        await new Promise((r) => setTimeout(r, RUN_MS));
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGKILL');
        stop = true;
        await exited;
        await Promise.all(loops);

        // Every confirmed note is stored with its entry, in the chain or still in the inbox.
        const [missing] = await rows<{ n: number }>(
          `select count(*)::int as n from unnest($1::int[]) as c(id)
            where not exists (select 1 from notes where note_id = c.id)
               or not exists (select 1 from audit_entries a where a.action = 'create' and a.record_kind = 'note'
                                 and a.record_id = c.id
                              union all
                              select 1 from audit_inbox i where i.action = 'create' and i.record_kind = 'note'
                                 and i.record_id = c.id)`,
          [confirmed],
        );
        expect(missing!.n, `after kill ${kill + 1}`).toBe(0);
        inboxLeft.push((await rows<{ n: number }>(`select count(*)::int as n from audit_inbox`))[0]!.n);

        const [reads] = await rows<{ n: number }>(
          `select count(*)::int as n from audit_entries
            where seq > $1 and action = 'read' and record_kind = 'client' and client_id = $2`,
          [seqBefore, target!.client_id],
        );
        lostReads.push(`${readsAnswered - reads!.n} of ${readsAnswered}`);
      }

      // The next start moves what the kills left in the inbox into the chain, and a stop (SIGTERM)
      // writes everything.
      const { child } = await startServer();
      const deadline = Date.now() + 30_000;
      while ((await rows<{ n: number }>(`select count(*)::int as n from audit_inbox`))[0]!.n > 0) {
        if (Date.now() > deadline) throw new Error('the inbox was not moved into the chain');
        await new Promise((r) => setTimeout(r, 100));
      }
      const stopped = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await stopped;

      expect(confirmed.length).toBeGreaterThan(KILLS * WRITERS);
      const stored = await rows<{ note_id: number }>(`select note_id from notes where note_id = any($1)`, [
        confirmed,
      ]);
      expect(stored.length).toBe(confirmed.length);
      const entries = await rows<{ record_id: string; n: number }>(
        `select record_id::text, count(*)::int as n from audit_entries
          where action = 'create' and record_kind = 'note' and outcome = 'allowed' and record_id = any($1)
          group by record_id`,
        [confirmed],
      );
      const withEntry = new Map(entries.map((e) => [Number(e.record_id), e.n]));
      expect(confirmed.filter((id) => withEntry.get(id) !== 1)).toEqual([]);

      // The chain runs on without a gap across the kills: every entry follows the one before it.
      const [chain] = await rows<{ n: number; span: number; broken: number }>(
        `select count(*)::int as n, (max(seq) - min(seq) + 1)::int as span,
                count(*) filter (where prev_hash is distinct from before and before is not null)::int as broken
           from (select seq, prev_hash, lag(hash) over (order by seq) as before from audit_entries) s`,
      );
      expect(chain!.n).toBe(chain!.span);
      expect(chain!.broken).toBe(0);
      console.log(
        `audit-crash: ${confirmed.length} notes confirmed over ${KILLS} kills, all with their entry; ` +
          `changes' entries left in the inbox by each kill: ${inboxLeft.join(', ')}; ` +
          `read entries lost per kill: ${lostReads.join(', ')}`,
      );
    },
    5 * 60_000,
  );
});
