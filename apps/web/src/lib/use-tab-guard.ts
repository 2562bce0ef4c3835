import { useCallback, useRef, useState } from 'react';

/**
 * A profile's tabs, of which only one is ever in edit mode: switching tabs drops the edits,
 * after asking when there are unsaved changes (spec §2). `show` opens the tab itself.
 */
export function useTabGuard<Tab extends string>(tab: Tab, show: (next: Tab) => void) {
  const [editing, setEditing] = useState(false);
  const [pendingTab, setPendingTab] = useState<Tab | null>(null);
  // Read only when a tab is asked for, so a keystroke does not re-render the tabs.
  const dirty = useRef(false);
  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  const switchTo = (next: Tab) => {
    setPendingTab(null);
    setEditing(false);
    dirty.current = false;
    show(next);
  };

  return {
    editing,
    onEditingChange: (next: boolean) => {
      setEditing(next);
      if (!next) dirty.current = false;
    },
    onDirtyChange,
    requestTab: (next: Tab) => {
      if (next === tab) return;
      if (dirty.current) setPendingTab(next);
      else switchTo(next);
    },
    /** The props of the DiscardChangesModal that asks before a switch drops unsaved edits. */
    discard: {
      opened: pendingTab !== null,
      onStay: () => setPendingTab(null),
      onDiscard: () => {
        if (pendingTab) switchTo(pendingTab);
      },
    },
  };
}
