import { useState } from 'react';
import { useDiscardGuard } from './use-discard-guard.ts';

/**
 * A profile's tabs, of which only one is ever in edit mode: switching tabs drops the edits,
 * after asking when there are unsaved changes (spec §2). `show` opens the tab itself; the tab on
 * screen opens in edit mode when `editingAtFirst` (a draft of its form is waiting).
 */
export function useTabGuard<Tab extends string>(tab: Tab, show: (next: Tab) => void, editingAtFirst = false) {
  const [editing, setEditing] = useState(editingAtFirst);
  const unsaved = useDiscardGuard();

  return {
    editing,
    onEditingChange: (next: boolean) => {
      setEditing(next);
      if (!next) unsaved.onDirtyChange(false);
    },
    onDirtyChange: unsaved.onDirtyChange,
    requestTab: (next: Tab) => {
      if (next === tab) return;
      unsaved.leave(() => {
        setEditing(false);
        show(next);
      });
    },
    /** The props of the DiscardChangesModal that asks before a switch drops unsaved edits. */
    discard: unsaved.discard,
  };
}
