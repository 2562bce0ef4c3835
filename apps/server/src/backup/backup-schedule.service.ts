import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../app-context.ts';
import { verifierChainKey } from '../modules/audit/audit-key.service.ts';
import { writeBackup } from './backup.service.ts';

/** The daily backups' names: the time they were made, so that names sort as the backups were made. */
const SCHEDULED = /^cairn-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.cairn$/;

export function scheduledBackupName(now = new Date()): string {
  return `cairn-backup-${now.toISOString().replaceAll(':', '-').replace('.', '-')}.cairn`;
}

/**
 * One scheduled backup (BACKUP_CRON): written into `dir` by the server itself, with the keys it
 * uses, then only the newest `keep` of the scheduled backups there kept. Answers the file written.
 */
export async function runScheduledBackup(ctx: AppContext, dir: string, keep: number): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, scheduledBackupName());
  await writeBackup(
    {
      config: ctx.config,
      db: ctx.db,
      keys: {
        clientData: ctx.clientCrypto.fingerprint,
        auditChain: verifierChainKey(ctx.config)?.id ?? null,
      },
    },
    file,
  );
  const backups = fs
    .readdirSync(dir)
    .filter((name) => SCHEDULED.test(name))
    .sort()
    .reverse();
  for (const old of backups.slice(keep)) fs.rmSync(path.join(dir, old), { force: true });
  return file;
}
