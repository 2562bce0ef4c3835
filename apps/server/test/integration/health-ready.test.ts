import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_MIGRATIONS } from '../../src/db/schema-level.ts';
import { READY_BODY as READY } from '../helpers/health.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Liveness and readiness for a supervisor and a load balancer (docs/ARCHITECTURE.md, "Watching
 * it"): live answers while the process does; ready only while the database answers, the schema is
 * this build's and the audit trail can be written.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health/live and /api/health/ready', () => {
  it('answers both without a sign-in when all is well', async () => {
    expect(await t.call('GET', '/api/health/live')).toMatchObject({ status: 200, json: { status: 'ok' } });
    expect(await t.call('GET', '/api/health/ready')).toMatchObject({ status: 200, json: READY });
  });

  it('is not ready on a schema a newer version migrated, and ready again once it is this build’s', async () => {
    const newer = BUILD_MIGRATIONS.at(-1)!.when + 1000;
    await t.db.execute(
      sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('from-a-newer-version', ${newer})`,
    );
    try {
      const res = await t.call('GET', '/api/health/ready');
      expect(res.status).toBe(503);
      expect(res.json).toEqual({ ...READY, status: 'unavailable', migrations: 'ahead' });
      // Still alive: a supervisor leaves it running.
      expect((await t.call('GET', '/api/health/live')).status).toBe(200);
    } finally {
      await t.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = ${newer}`);
    }
    expect((await t.call('GET', '/api/health/ready')).status).toBe(200);
  });

  it('is not ready while the audit queue is at its limit (audited calls are refused then)', async () => {
    const full = await createTestApp({}, { queueMax: 0 });
    try {
      const res = await full.call('GET', '/api/health/ready');
      expect(res.status).toBe(503);
      expect(res.json).toEqual({ ...READY, status: 'unavailable', audit: 'failed' });
    } finally {
      await full.close();
    }
  });

  it('reports a failed scheduled backup, counted in the metrics, without failing readiness', async () => {
    // BACKUP_DIR names a file: no backup can be written there.
    const notAFolder = path.join(os.tmpdir(), `cairn-not-a-folder-${process.pid}`);
    fs.writeFileSync(notAFolder, '');
    const failing = await createTestApp({ BACKUP_DIR: notAFolder, BACKUP_CRON: '03:00' });
    try {
      expect((await failing.call('GET', '/api/health/ready')).json).toEqual({ ...READY, backup: 'ok' });
      await expect(failing.app.backups.runNow()).rejects.toThrow();
      const res = await failing.call('GET', '/api/health/ready');
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ ...READY, backup: 'failed' });
      expect(await failing.app.metrics.registry.metrics()).toMatch(/^cairn_backup_failures_total 1$/m);
    } finally {
      await failing.close();
      fs.rmSync(notAFolder, { force: true });
    }
  });

  it('is not ready when the database is gone, and still alive', async () => {
    const other = await createTestApp();
    try {
      await other.database.close();
      const res = await other.call('GET', '/api/health/ready');
      expect(res.status).toBe(503);
      expect(res.json).toEqual({
        ...READY,
        status: 'unavailable',
        database: 'failed',
        migrations: 'unknown',
        audit: 'failed',
      });
      expect((await other.call('GET', '/api/health/live')).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
