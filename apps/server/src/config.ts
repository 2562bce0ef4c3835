import path from 'node:path';
import { ATTACHMENT_LIMITS } from '@cairn/shared/attachments.schemas';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));

/** A comma-separated list of secrets, each at least 32 characters (`name` in the message); unset: none. */
const secretList = (name: string) =>
  z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    )
    .refine(
      (list) => list.every((s) => s.length >= 32),
      `every secret in ${name} must be at least 32 characters`,
    );

const envSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * The database's owner, which runs the migrations (defaults to DATABASE_URL): the server's own
   * role may then only INSERT and SELECT the audit trail (db/server-role.ts).
   */
  MIGRATION_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'MIGRATION_DATABASE_URL must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * A streaming read replica of DATABASE_URL's database (hot standby): the dashboards, the ministry
   * file and the list exports read from it while it is fresh enough (db/replica.ts).
   */
  REPLICA_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'REPLICA_URL must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The replica's largest lag, in seconds, at which reports still read from it. */
  REPLICA_MAX_LAG_S: z.coerce.number().int().min(0).max(86_400).default(60),
  DATA_DIR: z.string().default('./data'),
  /** Secret for signing access tokens. Required in production; generated into DATA_DIR otherwise. */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /** Earlier JWT_SECRETs whose tokens and dashboard links still verify (a rotation), comma-separated. */
  JWT_SECRETS_PREVIOUS: secretList('JWT_SECRETS_PREVIOUS'),
  /** Public address of the app, used in links sent by email. */
  APP_URL: z.string().url().optional(),
  /** 32-byte key (hex or base64) encrypting SINs at rest. Required in production; generated into DATA_DIR otherwise. */
  CLIENT_DATA_KEY: z.string().optional(),
  /** Comma-separated keys (as CLIENT_DATA_KEY) still accepted for reading, during a key rotation. */
  CLIENT_DATA_KEYS_PREVIOUS: z.string().optional(),
  SEED_DEMO: bool,
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().default(587),
  SMTP_SECURE: bool,
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_FROM: z.string().default('Cairn <no-reply@cairn.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool,
  /** How long an access token lasts, in seconds (15 minutes unless set). */
  ACCESS_TOKEN_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(15 * 60),
  /** Sign-in attempts allowed per client address per minute. */
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  WEB_DIST_DIR: z.string().optional(),
  /** Where users write for help: the help centre's footer and the error page's support link. */
  SUPPORT_EMAIL: z.email('SUPPORT_EMAIL must be an email address').default('support@cairn.example'),
  /** The largest attachment accepted, in bytes (10 MB unless set). */
  ATTACHMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .max(1024 * 1024 * 1024)
    .default(ATTACHMENT_LIMITS.defaultMaxBytes),
  /**
   * My work's "gone quiet": an open plan with no activity for this many days (its change, a note,
   * spending or interaction written or deleted: plan_activity, migration 0038).
   */
  GONE_QUIET_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** The audit trail: on unless 'off' (only the benchmark's comparison turns it off). */
  AUDIT_TRAIL: z.enum(['on', 'off', '']).optional(),
  MIGRATE_ON_START: z.enum(['on', 'off', '']).optional(),
  SHUTDOWN_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(20),
  SHUTDOWN_DRAIN_S: z.coerce.number().int().min(0).max(600).default(0),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** Months of audit entries kept; older months' partitions are dropped whole. */
  AUDIT_RETENTION_MONTHS: z.coerce.number().int().min(1).max(1200).default(84),
  /**
   * Audit entries that may wait in the process's queue; past it, audited calls are refused (503)
   * until the queue drains, rather than read a record the trail cannot record.
   */
  AUDIT_QUEUE_MAX: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
  /** Keys the audit trail's hash chain and signs its checkpoints. Required in production; generated into DATA_DIR otherwise. */
  AUDIT_CHAIN_KEY: z.string().min(32, 'AUDIT_CHAIN_KEY must be at least 32 characters').optional(),
  /** Earlier AUDIT_CHAIN_KEYs, comma-separated: the entries they keyed still verify (a rotation). */
  AUDIT_CHAIN_KEYS_PREVIOUS: secretList('AUDIT_CHAIN_KEYS_PREVIOUS'),
  /** Where the chain's signed checkpoints are appended (default: audit-checkpoints.log in DATA_DIR). */
  AUDIT_CHECKPOINT_FILE: z.string().optional(),
  /** The folder of the daily backups (with BACKUP_CRON). */
  BACKUP_DIR: z.string().optional(),
  /** When the daily backup runs, in the server's local time: `HH:MM` or `M H * * *`; unset or `off`: never. */
  BACKUP_CRON: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '' || v === 'off') return null;
      const at = parseDailyTime(v);
      if (!at)
        ctx.addIssue({
          code: 'custom',
          message:
            'BACKUP_CRON must be a daily time, HH:MM (e.g. 02:30), or a daily cron line, M H * * * (e.g. 30 2 * * *)',
        });
      return at;
    }),
  /** How many daily backups are kept in BACKUP_DIR, the newest. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  /** The months after an outcome's date at which its follow-ups fall due, comma-separated. */
  FOLLOW_UP_MONTHS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const months = followUpMonthsOf(v);
      if (!months)
        ctx.addIssue({
          code: 'custom',
          message: 'FOLLOW_UP_MONTHS must be whole months from 1 to 120, comma-separated (e.g. 3,6,12)',
        });
      return months ?? [];
    }),
});

/** The follow-ups' months unless FOLLOW_UP_MONTHS sets others. */
export const DEFAULT_FOLLOW_UP_MONTHS = [3, 6, 12] as const;

/**
 * FOLLOW_UP_MONTHS as months in order, each once; unset or blank: the default. Null when any
 * part is not a whole number from 1 to 120 (the table's check).
 */
function followUpMonthsOf(value: string | undefined): number[] | null {
  if (value === undefined || value.trim() === '') return [...DEFAULT_FOLLOW_UP_MONTHS];
  const parts = value.split(',').map((p) => p.trim());
  if (!parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) >= 1 && Number(p) <= 120)) return null;
  return [...new Set(parts.map(Number))].sort((a, b) => a - b);
}

/** A time of day, in the server's local time. */
export interface DailyTime {
  hour: number;
  minute: number;
}

/** `HH:MM`, or a cron line of daily form (`M H * * *`), as a time of day; null for anything else. */
export function parseDailyTime(text: string): DailyTime | null {
  const trimmed = text.trim();
  const clock = /^(\d{1,2}):(\d{2})$/.exec(trimmed);
  const cron = /^(\d{1,2})\s+(\d{1,2})\s+\*\s+\*\s+\*$/.exec(trimmed);
  const [hour, minute] = clock ? [clock[1], clock[2]] : cron ? [cron[2], cron[1]] : [];
  if (hour === undefined || minute === undefined) return null;
  const at = { hour: Number(hour), minute: Number(minute) };
  return at.hour <= 23 && at.minute <= 59 ? at : null;
}

export type Config = {
  env: 'production' | 'development' | 'test';
  /** Demo mode shows reset and invitation links on screen; never in production. */
  demoMode: boolean;
  host: string;
  port: number;
  /** PostgreSQL: `migrationUrl` is the owner's, which runs the migrations (DATABASE_URL unless set). */
  database: { kind: 'postgres'; url: string; migrationUrl: string } | { kind: 'pglite'; dataDir: string };
  /** REPLICA_URL and REPLICA_MAX_LAG_S: where reports read while it is fresh enough; null: the primary. */
  replica: { url: string; maxLagS: number } | null;
  dataDir: string;
  jwtSecret: string | undefined;
  /** JWT_SECRETS_PREVIOUS: earlier secrets whose tokens and links still verify (lib/jwt-keyring.ts). */
  jwtSecretsPrevious: string[];
  clientDataKey: string | undefined;
  /** CLIENT_DATA_KEYS_PREVIOUS as written (lib/client-data-crypto.ts parseMasterKeys reads it). */
  clientDataKeysPrevious: string | undefined;
  appUrl: string | undefined;
  seedDemo: boolean;
  /** MIGRATE_ON_START (on unless `off`): migrate at start, else wait for `npm run migrate`. */
  migrateOnStart: boolean;
  /** SHUTDOWN_DRAIN_S and SHUTDOWN_TIMEOUT_S, in milliseconds (lib/shutdown.ts). */
  shutdown: { drainMs: number; timeoutMs: number };
  /** METRICS_TOKEN: the bearer token of `GET /api/metrics`, which is not served without it. */
  metricsToken: string | undefined;
  smtp: {
    host: string | undefined;
    port: number;
    secure: boolean;
    user: string | undefined;
    password: string | undefined;
    from: string;
  };
  logLevel: string;
  trustProxy: boolean;
  loginRateLimitPerMinute: number;
  /** How long an access token lasts; the browser refreshes it with its refresh token on a 401. */
  accessTokenSeconds: number;
  webDistDir: string;
  /**
   * The files built from the repository's sources (scripts/build-documents.mjs, build-help.mjs):
   * the PDFs (`documents/`) and help pages (`help/`) served as static files, and the help index.
   */
  builtFiles: { publicDir: string; helpIndex: string };
  supportEmail: string;
  attachmentMaxBytes: number;
  /** FOLLOW_UP_MONTHS: the months after an outcome's date at which its follow-ups fall due, in order. */
  followUpMonths: number[];
  /** GONE_QUIET_DAYS: the days without activity after which an open plan has gone quiet (My work). */
  goneQuietDays: number;
  audit: {
    enabled: boolean;
    retentionMonths: number;
    /** Entries that may wait unwritten; past it audited calls answer 503. */
    queueMax: number;
    /** How often queued entries are written, in milliseconds (one second; tests set more). */
    flushEveryMs: number;
    /** AUDIT_CHAIN_KEY; unset: generated into (the writer) or read from (the verifier) DATA_DIR. */
    chainKey: string | undefined;
    /** AUDIT_CHAIN_KEYS_PREVIOUS: earlier chain keys, whose entries still verify (audit-key.service.ts). */
    chainKeysPrevious: string[];
    /** The file the chain's signed checkpoints are appended to. */
    checkpointFile: string;
    /** How often the chain's head is checkpointed, in milliseconds (five minutes). */
    checkpointEveryMs: number;
  };
  /** Daily backups (BACKUP_DIR, BACKUP_CRON, BACKUP_KEEP): `at` null when off. */
  backup: { dir: string | undefined; at: DailyTime | null; keep: number };
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && !e.JWT_SECRET) {
    throw new Error('Invalid configuration:\n  JWT_SECRET: required when NODE_ENV=production');
  }
  if (production && !e.CLIENT_DATA_KEY) {
    throw new Error('Invalid configuration:\n  CLIENT_DATA_KEY: required when NODE_ENV=production');
  }
  if (production && !e.AUDIT_CHAIN_KEY) {
    throw new Error('Invalid configuration:\n  AUDIT_CHAIN_KEY: required when NODE_ENV=production');
  }
  if (e.MIGRATION_DATABASE_URL && !e.DATABASE_URL) {
    throw new Error('Invalid configuration:\n  MIGRATION_DATABASE_URL: set only with DATABASE_URL');
  }
  if (e.REPLICA_URL && !e.DATABASE_URL) {
    throw new Error(
      'Invalid configuration:\n  REPLICA_URL: set only with DATABASE_URL (a replica of PostgreSQL)',
    );
  }
  if (production && !e.SMTP_HOST) {
    throw new Error(
      'Invalid configuration:\n  SMTP_HOST: required when NODE_ENV=production (invitations and resets are emailed)',
    );
  }
  if (e.BACKUP_CRON && !e.BACKUP_DIR) {
    throw new Error(
      'Invalid configuration:\n  BACKUP_DIR: required with BACKUP_CRON (the folder of the daily backups)',
    );
  }
  if (e.BACKUP_DIR && !e.BACKUP_CRON) {
    throw new Error(
      'Invalid configuration:\n  BACKUP_CRON: required with BACKUP_DIR (when the daily backup runs, e.g. 02:30)',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    demoMode: !production,
    host: e.HOST,
    port: e.PORT,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, migrationUrl: e.MIGRATION_DATABASE_URL ?? e.DATABASE_URL }
      : { kind: 'pglite', dataDir },
    replica: e.REPLICA_URL ? { url: e.REPLICA_URL, maxLagS: e.REPLICA_MAX_LAG_S } : null,
    dataDir,
    jwtSecret: e.JWT_SECRET,
    jwtSecretsPrevious: e.JWT_SECRETS_PREVIOUS,
    clientDataKey: e.CLIENT_DATA_KEY,
    clientDataKeysPrevious: e.CLIENT_DATA_KEYS_PREVIOUS || undefined,
    appUrl: e.APP_URL,
    seedDemo: e.SEED_DEMO ?? !production,
    migrateOnStart: e.MIGRATE_ON_START !== 'off',
    metricsToken: e.METRICS_TOKEN || undefined,
    shutdown: { drainMs: e.SHUTDOWN_DRAIN_S * 1000, timeoutMs: e.SHUTDOWN_TIMEOUT_S * 1000 },
    smtp: {
      host: e.SMTP_HOST,
      port: e.SMTP_PORT,
      secure: e.SMTP_SECURE ?? e.SMTP_PORT === 465,
      user: e.SMTP_USER,
      password: e.SMTP_PASSWORD,
      from: e.SMTP_FROM,
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? false,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    accessTokenSeconds: e.ACCESS_TOKEN_SECONDS,
    webDistDir: e.WEB_DIST_DIR
      ? path.resolve(e.WEB_DIST_DIR)
      : path.resolve(import.meta.dirname, '../../web/dist'),
    builtFiles: {
      publicDir: path.resolve(import.meta.dirname, '../../web/public'),
      helpIndex: path.resolve(import.meta.dirname, '../generated/help-articles.json'),
    },
    supportEmail: e.SUPPORT_EMAIL,
    attachmentMaxBytes: e.ATTACHMENT_MAX_BYTES,
    followUpMonths: e.FOLLOW_UP_MONTHS,
    goneQuietDays: e.GONE_QUIET_DAYS,
    audit: {
      enabled: e.AUDIT_TRAIL !== 'off',
      retentionMonths: e.AUDIT_RETENTION_MONTHS,
      queueMax: e.AUDIT_QUEUE_MAX,
      flushEveryMs: 1000,
      chainKey: e.AUDIT_CHAIN_KEY,
      chainKeysPrevious: e.AUDIT_CHAIN_KEYS_PREVIOUS,
      checkpointFile: path.resolve(e.AUDIT_CHECKPOINT_FILE ?? path.join(dataDir, 'audit-checkpoints.log')),
      checkpointEveryMs: 5 * 60_000,
    },
    backup: {
      dir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : undefined,
      at: e.BACKUP_CRON,
      keep: e.BACKUP_KEEP,
    },
  };
}
