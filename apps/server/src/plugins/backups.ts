import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { runScheduledBackup } from '../backup/backup-schedule.service.ts';
import { everyDay } from '../lib/daily-job.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheduled backups as this process saw them: readiness reports them (never failing it). */
    backups: BackupStatus;
  }
}

export interface BackupStatus {
  /** BACKUP_CRON is set. */
  enabled: boolean;
  /** The last scheduled backup this process ran failed. */
  failing: boolean;
  lastSuccessAt: number | null;
  /** Runs one now, as the schedule does (for tests, and for an operator's restart after a failure). */
  runNow(): Promise<string>;
}

/**
 * The daily backup (BACKUP_DIR, BACKUP_CRON, BACKUP_KEEP; docs/operations.md, "Backups"): once a
 * day across every process (lib/daily-job.ts) at the configured time, written by the process that
 * runs it, its success and failures in the metrics and on /api/health/ready.
 */
export function registerBackups(app: FastifyInstance, ctx: AppContext): void {
  const { dir, at, keep } = ctx.config.backup;
  const status: BackupStatus = {
    enabled: at !== null && dir !== undefined,
    failing: false,
    lastSuccessAt: null,
    async runNow() {
      try {
        const file = await runScheduledBackup(ctx, dir!, keep);
        status.failing = false;
        status.lastSuccessAt = Date.now();
        app.metrics.backup(true);
        app.log.info({ file }, 'backup written');
        return file;
      } catch (err) {
        status.failing = true;
        app.metrics.backup(false);
        throw err;
      }
    },
  };
  app.decorate('backups', status);
  if (!status.enabled) return;
  const job = everyDay(app, ctx.db, 'backup', 'scheduled backup failed', () => status.runNow(), { at: at! });
  app.addHook('onClose', job.stop);
}
