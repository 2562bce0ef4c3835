/**
 * The ids the drag and drop layer gives each part of the editor: the two columns, the chosen
 * items (by key) and the master items (by id). Kept in one place so the drop rules, the
 * keyboard moves and the announcements read them alike.
 */
export const SELECTED_COLUMN = 'column:selected';
export const AVAILABLE_COLUMN = 'column:available';
const SELECTED = 'selected:';
const AVAILABLE = 'available:';

export const selectedId = (key: string) => `${SELECTED}${key}`;
export const availableId = (id: number) => `${AVAILABLE}${id}`;

export const isSelectedId = (id: unknown): id is string => typeof id === 'string' && id.startsWith(SELECTED);
export const isAvailableId = (id: unknown): id is string =>
  typeof id === 'string' && id.startsWith(AVAILABLE);

/** The key of a chosen item, from its drag id. */
export const keyOf = (id: string) => id.slice(SELECTED.length);
/** The master item's id, from its drag id. */
export const itemIdOf = (id: string) => Number(id.slice(AVAILABLE.length));

/** What a drop asks for. */
export type DropAction =
  | { kind: 'add'; itemId: number; index: number }
  | { kind: 'move'; from: number; to: number }
  | { kind: 'remove'; index: number };

/**
 * What dropping `active` on `over` means: a master item dropped on a chosen one goes in its
 * place, dropped on the column it goes last; a chosen item dropped on another moves there,
 * dropped back on the master list it leaves. Anything else (no target, the same place) is
 * nothing.
 */
export function resolveDrop(
  active: string,
  over: string | null,
  selectedKeys: readonly string[],
): DropAction | null {
  if (over == null) return null;
  const count = selectedKeys.length;
  if (isAvailableId(active)) {
    const itemId = itemIdOf(active);
    if (over === SELECTED_COLUMN) return { kind: 'add', itemId, index: count };
    if (isSelectedId(over)) {
      const index = selectedKeys.indexOf(keyOf(over));
      return { kind: 'add', itemId, index: index === -1 ? count : index };
    }
    return null;
  }
  if (isSelectedId(active)) {
    const from = selectedKeys.indexOf(keyOf(active));
    if (from === -1) return null;
    if (over === AVAILABLE_COLUMN || isAvailableId(over)) return { kind: 'remove', index: from };
    const to =
      over === SELECTED_COLUMN ? count - 1 : isSelectedId(over) ? selectedKeys.indexOf(keyOf(over)) : -1;
    if (to === -1 || to === from) return null;
    return { kind: 'move', from, to };
  }
  return null;
}
