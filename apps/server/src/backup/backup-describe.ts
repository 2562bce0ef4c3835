import { kindName, type BackupManifest } from './backup-manifest.ts';

/** A backup's manifest in a few lines, for the commands' output. */
export function describeManifest(manifest: BackupManifest): string {
  const tables = Object.keys(manifest.rowCounts).length;
  const rows = Object.values(manifest.rowCounts).reduce((a, b) => a + b, 0);
  const { clientData, auditChain } = manifest.keys;
  return [
    `  Made ${manifest.createdAt} by Cairn ${manifest.cairnVersion}, of ${kindName(manifest.database.kind)} ${manifest.database.serverVersion}`,
    `  Schema: ${manifest.migrations.applied} migrations (the last ${manifest.migrations.last ?? 'unknown to this version'})`,
    `  ${rows} rows in ${tables} tables; database ${manifest.database.bytes} bytes`,
    `  Keys: client data key ${clientData ?? 'none'}, audit chain key ${auditChain ?? 'none'} (fingerprints)`,
  ].join('\n');
}
