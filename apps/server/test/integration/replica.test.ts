import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import { todayIso } from '@cairn/shared/dates';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { readOnlyPool, replicaReads } from '../../src/db/replica.ts';
import { auditRows, lastSeq } from '../helpers/audit.ts';
import { createClient } from '../helpers/clients.ts';
import { withDatabase } from '../helpers/global-setup.ts';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';

/**
 * The read replica for reports (docs/ARCHITECTURE.md, "Read replica"), on a real streaming standby
 * of the test PostgreSQL: `scripts/replica-cluster.sh` makes the cluster 15/replica on port 5433,
 * and TEST_REPLICA_URL names it (.ci/run sets it). The test's own database is created on the
 * primary and appears on the replica by streaming; the app reads its dashboards, the ministry file
 * and the list exports there, falls back to the primary when the replica lags or stops, and never
 * writes there. Stopping and starting the replica uses pg_ctlcluster (CI runs as root).
 */
const tpl = inject('pgTemplate');
const replicaAdminUrl = process.env.TEST_REPLICA_URL;
const CLUSTER = (process.env.TEST_REPLICA_CLUSTER ?? '15 replica').split(' ');
const reason = !tpl
  ? 'needs PostgreSQL (TEST_DATABASE_URL): PGlite has no replica'
  : 'needs a streaming replica (TEST_REPLICA_URL, made by scripts/replica-cluster.sh)';
if (!tpl || !replicaAdminUrl) console.info(`replica.test.ts skipped: ${reason}`);

const METRICS_TOKEN = 'replica-metrics-token-0123456789';
/** A connection of the test's own; the replica's stop ends it, which is no failure. */
function adminClient(url: string) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  return client;
}
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!tpl || !replicaAdminUrl)(`read replica for reports (${reason})`, () => {
  let name: string;
  let primaryAdmin: pg.Client;
  let replicaAdmin: pg.Client;
  let primaryUrl: string;
  let replicaUrl: string;
  /** Reads from the replica while its lag is under an hour. */
  let patient: TestApp;
  /** Falls back once the replica lags more than a second. */
  let strict: TestApp;

  /** Waits until the replica has replayed everything the primary has written so far. */
  async function caughtUp() {
    const { rows } = await primaryAdmin.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    for (let i = 0; i < 300; i++) {
      const { rows: r } = await replicaAdmin.query<{ done: boolean }>(
        'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done',
        [rows[0]!.lsn],
      );
      if (r[0]?.done) return;
      await wait(100);
    }
    throw new Error('the replica did not catch up in 30 s');
  }

  const replayPaused = async () =>
    (
      await replicaAdmin.query<{ paused: boolean }>(
        "SELECT pg_get_wal_replay_pause_state() <> 'not paused' AS paused",
      )
    ).rows[0]!.paused;

  async function resumeReplay() {
    if (await replayPaused()) await replicaAdmin.query('SELECT pg_wal_replay_resume()');
  }

  beforeAll(async () => {
    if (!tpl || !replicaAdminUrl) return;
    name = `${tpl.template.replace('_tpl_', '_f_')}_rep_${crypto.randomBytes(3).toString('hex')}`;
    primaryAdmin = new pg.Client({ connectionString: tpl.adminUrl });
    await primaryAdmin.connect();
    replicaAdmin = adminClient(replicaAdminUrl);
    await replicaAdmin.connect();
    await primaryAdmin.query(`CREATE DATABASE ${name}`);
    primaryUrl = withDatabase(tpl.adminUrl, name);
    replicaUrl = withDatabase(replicaAdminUrl, name);
    const env = { DATABASE_URL: primaryUrl, REPLICA_URL: replicaUrl, METRICS_TOKEN };
    // Migrated and seeded (demo users) by the first; a client of each Coordinator's centre.
    patient = await createTestApp({ ...env, REPLICA_MAX_LAG_S: '3600' });
    strict = await createTestApp({ ...env, REPLICA_MAX_LAG_S: '1' });
    await createClient(patient, 'coordinator', { first_name: 'Rhea', last_name: 'Plica' });
    await createClient(patient, 'coordinator2', { first_name: 'Stan', last_name: 'Dby' });
    await caughtUp();
  }, 120_000);

  afterAll(async () => {
    if (!tpl || !replicaAdminUrl) return;
    await resumeReplay().catch(() => {});
    await strict?.close();
    await patient?.close();
    await primaryAdmin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await primaryAdmin.end();
    await replicaAdmin.end().catch(() => {});
  });

  const today = todayIso();
  const body = { dashboard: 'clients', start_date: today, end_date: today, centre_id: -1 };

  /** The clients dashboard for today, every centre, through a signed link as the reports screen reads it. */
  async function dashboard(t: TestApp) {
    const link = await t.call('POST', '/api/reporting/dashboard-links', { as: 'admin', body });
    expect(link.status, JSON.stringify(link.json)).toBe(200);
    const res = await t.call('GET', `/api/${(link.json.url as string).slice(1)}`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json as { figures: Record<string, number>; data_as_of: string | null };
  }

  /**
   * The dashboard once it is served from the replica again (past the check's cache). A check
   * that falls between a commit's receipt and its replay measures the lag from the commit replayed
   * before it, which may be seconds old on an idle database: it is asked again a few times.
   */
  async function fromReplica(t: TestApp) {
    for (let i = 0; i < 10; i++) {
      await wait(1_100);
      const data = await dashboard(t);
      if (data.data_as_of !== null) return data;
    }
    throw new Error('the dashboard is not served from the replica again');
  }

  async function download(t: TestApp, url: string, as: DemoUserKey) {
    const token = await t.tokenForId(t.demo[as].userId);
    return t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  }

  const scrape = async (t: TestApp) =>
    (await t.call('GET', '/api/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
  const readsFrom = (text: string, source: string) =>
    Number(new RegExp(`cairn_report_reads_total\\{source="${source}"\\} (\\d+)`).exec(text)?.[1] ?? NaN);

  it('serves a dashboard from the replica, as of its replay time, while replay is paused', async () => {
    const before = await dashboard(patient);
    expect(before.figures.new_clients).toBe(2);
    // Caught up: the replica's data is as of now.
    expect(Date.now() - Date.parse(before.data_as_of!)).toBeLessThan(5_000);

    await replicaAdmin.query('SELECT pg_wal_replay_pause()');
    const pausedAt = Date.now();
    await createClient(patient, 'coordinator', { first_name: 'Nova', last_name: 'Later' });
    // The primary has it at once.
    const counted = (await patient.db.execute(sql`SELECT count(*)::int AS n FROM clients`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(counted.rows[0]!.n).toBe(3);
    await wait(1_100); // past the check's cache: the replica has received what it does not replay

    const during = await dashboard(patient);
    expect(during.figures.new_clients).toBe(2);
    expect(during.data_as_of).not.toBeNull();
    // As of the last transaction it replayed: before the pause, not now.
    expect(Date.parse(during.data_as_of!)).toBeLessThanOrEqual(pausedAt + 500);

    const text = await scrape(patient);
    expect(readsFrom(text, 'replica')).toBeGreaterThanOrEqual(2);
    const lag = Number(/^cairn_replica_lag_seconds (\S+)$/m.exec(text)?.[1]);
    expect(lag).toBeGreaterThan(0);
  });

  it('reads the ministry file and the client list export there too, with X-Data-As-Of, and audits them on the primary', async () => {
    expect(await replayPaused()).toBe(true);
    const first = await lastSeq(patient);
    const exported = await download(patient, '/api/clients/export?sort_by=full_name', 'admin');
    expect(exported.statusCode).toBe(200);
    expect(Date.parse(String(exported.headers['x-data-as-of']))).not.toBeNaN();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    // The replica's list: the client added while replay is paused is not in it.
    expect(book.worksheets[0]!.actualRowCount - 1).toBe(2);

    const ministry = await download(
      patient,
      `/api/reporting/ministry-report?start=${today}&end=${today}`,
      'admin',
    );
    expect(ministry.statusCode).toBe(200);
    expect(Date.parse(String(ministry.headers['x-data-as-of']))).not.toBeNaN();

    // Their audit entries are on the primary (the replica cannot take them), the rows as read there.
    const entries = (await auditRows(patient, first)).filter((e) => e.action === 'export');
    expect(entries.map((e) => e.record_kind).sort()).toEqual(['client', 'report']);
    expect(entries.find((e) => e.record_kind === 'client')!.details.rows).toBe(2);
    expect(
      (entries.find((e) => e.record_kind === 'report')!.details.rows as { participants: number })
        .participants,
    ).toBe(2);
  });

  it('falls back to the primary once the lag passes REPLICA_MAX_LAG_S, then serves from the replica again', async () => {
    expect(await replayPaused()).toBe(true);
    await wait(2_000);
    const fallback = await dashboard(strict);
    expect(fallback.figures.new_clients).toBe(3);
    expect(fallback.data_as_of).toBeNull();
    expect(readsFrom(await scrape(strict), 'primary')).toBeGreaterThanOrEqual(1);
    const file = await download(strict, '/api/clients/export?sort_by=full_name', 'admin');
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-data-as-of']).toBeUndefined();

    await resumeReplay();
    await caughtUp();
    const again = await fromReplica(strict);
    expect(again.figures.new_clients).toBe(3);
  });

  it('falls back to the primary, without an error, while the replica is stopped', async () => {
    const ctl = (action: string) =>
      execFileSync(
        'pg_ctlcluster',
        [
          '--skip-systemctl-redirect',
          CLUSTER[0]!,
          CLUSTER[1]!,
          action,
          ...(action === 'stop' ? ['-m', 'fast'] : []),
        ],
        {
          stdio: 'pipe',
        },
      );
    await dashboard(patient); // an open connection to the replica, which the stop cuts
    ctl('stop');
    try {
      const started = Date.now();
      const data = await dashboard(patient);
      expect(data.figures.new_clients).toBe(3);
      expect(data.data_as_of).toBeNull();
      expect(Date.now() - started).toBeLessThan(3_000);
      const ready = await patient.call('GET', '/api/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.json).toMatchObject({ status: 'ready', replica: 'unreachable' });
      const file = await download(patient, '/api/clients/export?sort_by=full_name', 'admin');
      expect(file.statusCode).toBe(200);
      expect(file.headers['x-data-as-of']).toBeUndefined();
      // Unknown while unreachable: NaN (prom-client writes it `Nan`, which Prometheus reads as NaN).
      expect(await scrape(patient)).toMatch(/^cairn_replica_lag_seconds Nan$/im);
    } finally {
      ctl('start');
      await replicaAdmin.end().catch(() => {});
      for (let i = 0; i < 300; i++) {
        try {
          replicaAdmin = adminClient(replicaAdminUrl!);
          await replicaAdmin.connect();
          break;
        } catch {
          await wait(100);
        }
      }
    }
    await caughtUp();
    expect((await fromReplica(patient)).figures.new_clients).toBe(3);
    expect((await patient.call('GET', '/api/health/ready')).json.replica).toBe('ok');
  }, 60_000);

  it('never writes there: the replica pool is read-only, even on an address that names a primary', async () => {
    // On the replica: every session of the pool is read-only, and a write is refused.
    const reads = replicaReads(replicaUrl, 3600, patient.db);
    try {
      const source = await reads.source();
      expect(source.from).toBe('replica');
      const shown = (await source.db.execute(sql`SHOW default_transaction_read_only`)) as unknown as {
        rows: Array<{ default_transaction_read_only: string }>;
      };
      expect(shown.rows[0]!.default_transaction_read_only).toBe('on');
      const refused = await source.db
        .execute(sql`INSERT INTO centres (name, phone) VALUES ('Nowhere', '5550000000')`)
        .then(
          () => null,
          (err: { code?: string; cause?: { code?: string } }) => err.cause?.code ?? err.code,
        );
      expect(refused).toBe('25006');
    } finally {
      await reads.close();
    }
    // The same pool on the primary's address (a mistaken REPLICA_URL) writes nothing either, and
    // reads do not go there: it is no standby.
    const pool = readOnlyPool(primaryUrl);
    try {
      await expect(
        pool.query(`INSERT INTO centres (name, phone) VALUES ('Nowhere', '5550000000')`),
      ).rejects.toMatchObject({
        code: '25006',
      });
    } finally {
      await pool.end();
    }
    const mistaken = replicaReads(primaryUrl, 3600, patient.db);
    try {
      expect(await mistaken.state()).toMatchObject({ state: 'not_streaming' });
      expect((await mistaken.source()).from).toBe('primary');
    } finally {
      await mistaken.close();
    }
    const { rows } = await primaryAdmin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name]);
    expect(rows).toHaveLength(1);
  });
});
