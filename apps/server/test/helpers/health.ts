/**
 * `GET /api/health/ready`'s body on a test app where all is well: no REPLICA_URL (reports read the
 * primary; the replica's states: replica.test.ts) and no scheduled backups.
 */
export const READY_BODY = {
  status: 'ready',
  process: 'ok',
  database: 'ok',
  migrations: 'ok',
  audit: 'ok',
  replica: 'none',
  backup: 'off',
} as const;
