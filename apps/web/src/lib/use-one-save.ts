import { useCallback, useRef, useState } from 'react';

/**
 * One save at a time for a form (ARCHITECTURE.md, "Saved once"). `run(save)` starts the save
 * unless one is under way, in which case it answers the running one: a second click or tap that
 * lands before the button shows it is busy sends nothing. `saving` turns on in the click itself,
 * so the Save button is disabled, with its loader, before another click can reach it.
 */
export function useOneSave() {
  const running = useRef<Promise<void> | null>(null);
  const [saving, setSaving] = useState(false);
  const run = useCallback((save: () => Promise<void>): Promise<void> => {
    running.current ??= (async () => {
      setSaving(true);
      try {
        await save();
      } finally {
        running.current = null;
        setSaving(false);
      }
    })();
    return running.current;
  }, []);
  return { saving, run };
}
