import { useCallback, useRef, useState } from 'react';

/**
 * Spec §2 leave confirmation inside a screen: a form reports whether it holds unsaved edits, and
 * the screen's own ways out of it (Cancel, choosing another record, switching tabs) go through
 * `leave`, which goes at once when nothing would be lost and otherwise asks first.
 * `onDirtyChange` also tells an enclosing screen, so its own ways out ask too.
 */
export function useDiscardGuard(onDirtyChange?: (dirty: boolean) => void) {
  // Read only when leaving, so a keystroke does not re-render the screen.
  const dirty = useRef(false);
  const [pending, setPending] = useState<{ go: () => void } | null>(null);

  const report = useCallback(
    (value: boolean) => {
      dirty.current = value;
      onDirtyChange?.(value);
    },
    [onDirtyChange],
  );

  const leave = useCallback((go: () => void) => {
    if (dirty.current) setPending({ go });
    else go();
  }, []);

  return {
    onDirtyChange: report,
    leave,
    /** The props of the DiscardChangesModal that asks before unsaved edits are dropped. */
    discard: {
      opened: pending !== null,
      onStay: () => setPending(null),
      onDiscard: () => {
        setPending(null);
        report(false);
        pending?.go();
      },
    },
  };
}
