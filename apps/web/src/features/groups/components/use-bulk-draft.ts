import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useOneSave } from '../../../lib/use-one-save.ts';

/**
 * What a bulk dialog holds: the items chosen, once-only saving, and whether the last save was
 * refused because a member lacks an open plan (409). Closing drops the items.
 */
export function useBulkDraft<Entry>(send: (entries: Entry[]) => Promise<unknown>, onClose: () => void) {
  const { saving, run } = useOneSave();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [refused, setRefused] = useState(false);

  const close = () => {
    setEntries([]);
    setRefused(false);
    onClose();
  };

  const save = () =>
    void run(async () => {
      try {
        await send(entries);
      } catch (error) {
        // The save has toasted the failure; the chosen items stay.
        setRefused(error instanceof ApiError && error.status === 409);
        return;
      }
      close();
    });

  return { entries, setEntries, refused, saving, ready: entries.length > 0, save, close };
}
