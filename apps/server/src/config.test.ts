import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const production = {
  NODE_ENV: 'production',
  JWT_SECRET: 'j'.repeat(32),
  CLIENT_DATA_KEY: '6a'.repeat(32),
  SMTP_HOST: 'smtp.example',
  AUDIT_CHAIN_KEY: 'k'.repeat(32),
};

describe('configuration: the audit trail and the database roles (issue 27)', () => {
  it('requires AUDIT_CHAIN_KEY in production, of 32 characters at least', () => {
    expect(() => loadConfig({ ...production, AUDIT_CHAIN_KEY: undefined })).toThrow(
      'AUDIT_CHAIN_KEY: required when NODE_ENV=production',
    );
    expect(() => loadConfig({ ...production, AUDIT_CHAIN_KEY: 'short' })).toThrow('at least 32 characters');
    expect(loadConfig(production).audit.chainKey).toBe('k'.repeat(32));
  });

  it('keeps the checkpoints in DATA_DIR unless AUDIT_CHECKPOINT_FILE says where', () => {
    expect(loadConfig({ DATA_DIR: '/srv/cairn' }).audit.checkpointFile).toBe(
      path.resolve('/srv/cairn/audit-checkpoints.log'),
    );
    expect(loadConfig({ AUDIT_CHECKPOINT_FILE: '/var/log/cairn/trail.log' }).audit.checkpointFile).toBe(
      '/var/log/cairn/trail.log',
    );
  });

  it('migrates as MIGRATION_DATABASE_URL, DATABASE_URL by default, and only with DATABASE_URL', () => {
    const url = 'postgres://cairn_server@db/cairn';
    const owner = 'postgres://cairn_owner@db/cairn';
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ kind: 'postgres', url, migrationUrl: url });
    expect(loadConfig({ DATABASE_URL: url, MIGRATION_DATABASE_URL: owner }).database).toEqual({
      kind: 'postgres',
      url,
      migrationUrl: owner,
    });
    expect(() => loadConfig({ MIGRATION_DATABASE_URL: owner })).toThrow('set only with DATABASE_URL');
  });
});

describe('configuration: the read replica (issue 29)', () => {
  const url = 'postgres://cairn_server@db/cairn';
  const replica = 'postgres://cairn_reports@replica/cairn';

  it('reads the primary without REPLICA_URL (an empty one is none), else the replica with a lag of 60 s by default', () => {
    expect(loadConfig({ DATABASE_URL: url }).replica).toBeNull();
    expect(loadConfig({ DATABASE_URL: url, REPLICA_URL: '' }).replica).toBeNull();
    expect(loadConfig({}).replica).toBeNull();
    expect(loadConfig({ DATABASE_URL: url, REPLICA_URL: replica }).replica).toEqual({
      url: replica,
      maxLagS: 60,
    });
    expect(loadConfig({ DATABASE_URL: url, REPLICA_URL: replica, REPLICA_MAX_LAG_S: '5' }).replica).toEqual({
      url: replica,
      maxLagS: 5,
    });
    expect(
      loadConfig({ DATABASE_URL: url, REPLICA_URL: replica, REPLICA_MAX_LAG_S: '0' }).replica?.maxLagS,
    ).toBe(0);
  });

  it('refuses a replica that is no PostgreSQL address, one without DATABASE_URL, and a lag that is no whole number of seconds up to a day', () => {
    expect(() => loadConfig({ DATABASE_URL: url, REPLICA_URL: 'mysql://replica/cairn' })).toThrow(
      'REPLICA_URL must start with postgres:// or postgresql://',
    );
    expect(() => loadConfig({ REPLICA_URL: replica })).toThrow('REPLICA_URL: set only with DATABASE_URL');
    for (const lag of ['-1', '1.5', 'soon', '86401']) {
      expect(() => loadConfig({ DATABASE_URL: url, REPLICA_URL: replica, REPLICA_MAX_LAG_S: lag })).toThrow(
        'REPLICA_MAX_LAG_S',
      );
    }
  });
});

describe('configuration: the daily backup', () => {
  it('is off unless BACKUP_CRON names a daily time, and keeps 14 unless BACKUP_KEEP says', () => {
    expect(loadConfig({}).backup).toEqual({ dir: undefined, at: null, keep: 14 });
    expect(loadConfig({ BACKUP_DIR: '/srv/backups', BACKUP_CRON: '02:30', BACKUP_KEEP: '7' }).backup).toEqual(
      {
        dir: '/srv/backups',
        at: { hour: 2, minute: 30 },
        keep: 7,
      },
    );
    expect(loadConfig({ BACKUP_DIR: '/b', BACKUP_CRON: '30 2 * * *' }).backup.at).toEqual({
      hour: 2,
      minute: 30,
    });
    expect(loadConfig({ BACKUP_DIR: '/b', BACKUP_CRON: '5 23 * * *' }).backup.at).toEqual({
      hour: 23,
      minute: 5,
    });
    expect(loadConfig({ BACKUP_CRON: 'off' }).backup.at).toBeNull();
  });

  it('refuses any other schedule, a schedule without a folder, a folder without a schedule, and a keep of 0', () => {
    for (const cron of ['24:00', '2:60', '*/5 * * * *', '30 2 * * 1', 'daily', '30 2'])
      expect(() => loadConfig({ BACKUP_DIR: '/b', BACKUP_CRON: cron }), cron).toThrow(
        'BACKUP_CRON must be a daily time',
      );
    expect(() => loadConfig({ BACKUP_CRON: '02:30' })).toThrow('BACKUP_DIR: required with BACKUP_CRON');
    expect(() => loadConfig({ BACKUP_DIR: '/b' })).toThrow('BACKUP_CRON: required with BACKUP_DIR');
    expect(() => loadConfig({ BACKUP_DIR: '/b', BACKUP_CRON: '02:30', BACKUP_KEEP: '0' })).toThrow(
      'BACKUP_KEEP',
    );
  });
});

describe('configuration: previous keys of a rotation (issue 30)', () => {
  it('reads JWT_SECRETS_PREVIOUS and AUDIT_CHAIN_KEYS_PREVIOUS as comma-separated lists, each of 32 characters at least', () => {
    const a = 'a'.repeat(32);
    const b = 'b'.repeat(40);
    const c = loadConfig({ ...production, JWT_SECRETS_PREVIOUS: `${a}, ${b}`, AUDIT_CHAIN_KEYS_PREVIOUS: b });
    expect(c.jwtSecretsPrevious).toEqual([a, b]);
    expect(c.audit.chainKeysPrevious).toEqual([b]);
    expect(loadConfig(production).jwtSecretsPrevious).toEqual([]);
    expect(loadConfig(production).audit.chainKeysPrevious).toEqual([]);
    expect(() => loadConfig({ ...production, JWT_SECRETS_PREVIOUS: `${a},short` })).toThrow(
      'JWT_SECRETS_PREVIOUS: every secret in JWT_SECRETS_PREVIOUS must be at least 32 characters',
    );
    expect(() => loadConfig({ ...production, AUDIT_CHAIN_KEYS_PREVIOUS: 'short' })).toThrow(
      'AUDIT_CHAIN_KEYS_PREVIOUS: every secret in AUDIT_CHAIN_KEYS_PREVIOUS must be at least 32 characters',
    );
  });
});

describe('configuration: follow-ups (issue 32)', () => {
  it('reads FOLLOW_UP_MONTHS as months in order, each once, 3, 6 and 12 unless set', () => {
    expect(loadConfig({}).followUpMonths).toEqual([3, 6, 12]);
    expect(loadConfig({ FOLLOW_UP_MONTHS: ' ' }).followUpMonths).toEqual([3, 6, 12]);
    expect(loadConfig({ FOLLOW_UP_MONTHS: '12, 1 ,1,24' }).followUpMonths).toEqual([1, 12, 24]);
  });

  it('refuses anything but whole months from 1 to 120', () => {
    for (const months of ['0', '121', '3,x', '3,,6', '1.5', '-3', '3;6'])
      expect(() => loadConfig({ FOLLOW_UP_MONTHS: months }), months).toThrow(
        'FOLLOW_UP_MONTHS must be whole months from 1 to 120',
      );
  });
});
