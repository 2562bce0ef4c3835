import type { RotationProgress, RotationResult } from '../modules/key-rotation/key-rotation.service.ts';

/** What `npm run rotate-client-key` (and `bench:rotation`) print: progress, and the end. */

/** One line of progress: done / total, what, and the rate. */
export function progressLine(p: RotationProgress): string {
  const rate = p.seconds > 0 ? Math.round(p.done / p.seconds) : 0;
  const failed = p.failed > 0 ? `, ${p.failed} not opened` : '';
  return `${p.done} / ${p.total} records (${p.clients} SINs, ${p.attachments} attachments${failed}), ${rate} records/s`;
}

/**
 * The end of a run and its exit code: 0 when every record is under the current key (the previous
 * keys may go), 1 naming every record no configured key opens.
 */
export function summary(r: RotationResult, fingerprint: string): { code: number; lines: string[] } {
  const lines = [`Done: ${progressLine(r)} in ${r.seconds.toFixed(1)} s.`];
  if (r.failed === 0) {
    lines.push(
      `Every SIN and attachment is under the current key (fingerprint ${fingerprint}): ` +
        'CLIENT_DATA_KEYS_PREVIOUS can now be dropped (after a backup made from now on, see docs/operations.md).',
    );
    return { code: 0, lines };
  }
  if (r.unopenedClients.length > 0)
    lines.push(`No configured key opens the SIN of client ${r.unopenedClients.join(', ')}.`);
  if (r.unopenedAttachments.length > 0)
    lines.push(
      `No configured key opens attachment ${r.unopenedAttachments.join(', ')} (or its bytes no longer match its digest).`,
    );
  lines.push(
    'Keep the previous keys until these are resolved (restored, or the key that made them configured).',
  );
  return { code: 1, lines };
}
