import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { ping } from '../../db/database.ts';
import { BUILD_MIGRATIONS, schemaLevel } from '../../db/schema-level.ts';
import { mayWriteTrail } from './health.repository.ts';

export type CheckState = 'ok' | 'failed';

export interface Readiness {
  ready: boolean;
  /** `stopping`: a signal asked the process to stop; it finishes what it has, takes nothing new. */
  process: 'ok' | 'stopping';
  database: CheckState;
  /** `behind`: waiting for `npm run migrate`; `ahead`: a newer version's schema. */
  migrations: 'ok' | 'behind' | 'ahead' | 'unknown';
  audit: CheckState;
  /**
   * The read replica (db/replica.ts), never a reason to be unready (reports fall back to the
   * primary): `none` without REPLICA_URL, else its last check's state.
   */
  replica: 'none' | 'ok' | 'lagging' | 'not_streaming' | 'unreachable';
  /**
   * The scheduled backups (BACKUP_CRON): `failed` when this process's last one failed, `off`
   * unless set. Reported, never failing readiness: a process that cannot back up still serves.
   */
  backup: CheckState | 'off';
}

/**
 * Whether this process should be sent requests (docs/ARCHITECTURE.md, "Watching it"): it is not
 * stopping, the database answers, its schema is this build's, and the audit trail can be written (the role may,
 * the writer's last turn did not fail, its queue is under its limit). Each check is one small
 * statement; a failed database fails the rest unasked. The read replica's state and the scheduled
 * backups are listed, never failed on.
 */
export async function readiness(ctx: AppContext, app: FastifyInstance): Promise<Readiness> {
  const process = app.stopping.since === null ? 'ok' : 'stopping';
  const replicaState = ctx.reports.state().then((s) => s?.state ?? 'none');
  const backup = !app.backups.enabled ? 'off' : app.backups.failing ? 'failed' : 'ok';
  try {
    await ping(ctx.db);
  } catch {
    const replica = await replicaState;
    return {
      ready: false,
      process,
      database: 'failed',
      migrations: 'unknown',
      audit: 'failed',
      replica,
      backup,
    };
  }
  const [level, may, replica] = await Promise.all([
    schemaLevel(ctx.db, BUILD_MIGRATIONS),
    mayWriteTrail(ctx.db),
    replicaState,
  ]);
  const migrations = level.state === 'current' ? 'ok' : level.state;
  const trailOpen =
    !ctx.config.audit.enabled || (!app.audit.failing && app.audit.backlog < ctx.config.audit.queueMax);
  const audit: CheckState = may && trailOpen ? 'ok' : 'failed';
  const ready = process === 'ok' && migrations === 'ok' && audit === 'ok';
  return { ready, process, database: 'ok', migrations, audit, replica, backup };
}
