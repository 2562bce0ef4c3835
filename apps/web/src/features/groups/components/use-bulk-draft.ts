import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useDiscardGuard } from '../../../lib/use-discard-guard.ts';
import { useOneSave } from '../../../lib/use-one-save.ts';

/**
 * What a bulk dialog holds: the items chosen, once-only saving, and whether the save skips the
 * members without an open plan: chosen from the Add Bulk menu (`skipFromStart`), or offered once a
 * save was refused because one lacks it (409). Closing with items chosen asks first (Escape, a
 * click outside, Cancel); a save, or a close confirmed, drops them.
 */
export function useBulkDraft<Entry>(
  send: (entries: Entry[], skip: boolean) => Promise<unknown>,
  onClose: () => void,
  skipFromStart: boolean,
) {
  const { saving, run } = useOneSave();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [refused, setRefused] = useState(false);
  const guard = useDiscardGuard();
  const { onDirtyChange } = guard;
  const dirty = entries.length > 0;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const skip = skipFromStart || refused;

  const close = () => {
    setEntries([]);
    setRefused(false);
    onDirtyChange(false);
    onClose();
  };

  const save = () =>
    void run(async () => {
      try {
        await send(entries, skip);
      } catch (error) {
        // The save has toasted the failure; the chosen items stay.
        if (error instanceof ApiError && error.status === 409) setRefused(true);
        return;
      }
      close();
    });

  return {
    entries,
    setEntries,
    skip,
    saving,
    ready: dirty,
    save,
    /** Every way out of the dialog but a save: asks first when items are chosen. */
    requestClose: () => {
      if (!saving) guard.leave(close);
    },
    discard: guard.discard,
  };
}
