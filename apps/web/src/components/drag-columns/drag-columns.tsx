import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SimpleGrid, type TitleOrder } from '@mantine/core';
import { useRef, useState } from 'react';
import { AvailableColumn } from './available-column.tsx';
import { columnsCollision, columnsKeyboardCoordinates } from './column-collisions.ts';
import {
  AVAILABLE_COLUMN,
  isAvailableId,
  isSelectedId,
  itemIdOf,
  keyOf,
  resolveDrop,
  SELECTED_COLUMN,
  type DropAction,
} from './drag-column-ids.ts';
import type { ColumnEntry, ColumnItem, DragColumnsLabels } from './drag-columns-types.ts';
import { ItemCard } from './item-card.tsx';
import { SelectedColumn } from './selected-column.tsx';
import classes from './drag-columns.module.css';

/** Space picks up and drops; Enter is kept for adding a master item without dragging. */
const KEYBOARD_CODES = { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] };

export interface DragColumnsProps<T extends ColumnItem> {
  /** The chosen items, in order (left column). */
  selected: readonly ColumnEntry[];
  /** What can still be chosen (right column). */
  available: readonly T[];
  /** With categories the master list has a tab bar, one tab per category. */
  categories?: readonly string[];
  categoryLabel?: (category: string) => string;
  /** Whether the chosen items can be put in another order by dragging. */
  sortable?: boolean;
  labels: DragColumnsLabels;
  /** The level of the two column headings in the page's outline. */
  headingOrder?: TitleOrder;
  disabled?: boolean;
  /** A master item was dropped at `index` of the chosen list, or added with Enter or its button. */
  onAdd: (item: T, index: number) => void;
  onMove?: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

/**
 * The two-column editor (spec §2 plan and group screens): chosen items on the left, a searchable
 * master list on the right. Items move by mouse, touch or keyboard (Space, arrows, Space), and
 * without any dragging through the Add and remove buttons, Enter and Delete.
 */
export function DragColumns<T extends ColumnItem>({
  selected,
  available,
  categories,
  categoryLabel = (category) => category,
  sortable = true,
  labels,
  headingOrder = 3,
  disabled = false,
  onAdd,
  onMove,
  onRemove,
}: DragColumnsProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: columnsKeyboardCoordinates,
      keyboardCodes: KEYBOARD_CODES,
    }),
  );
  const [activeId, setActiveId] = useState<string | null>(null);
  const [overId, setOverId] = useState<string | null>(null);
  const keys = selected.map((entry) => entry.key);
  // Only a change of place is news: the place an item starts from is not announced over its pick-up.
  const announcedOver = useRef<UniqueIdentifier | null>(null);

  const dropOf = (active: UniqueIdentifier, over: UniqueIdentifier | null | undefined): DropAction | null =>
    resolveDrop(String(active), over == null ? null : String(over), keys);

  // What screen readers hear as an item is picked up, moved over the lists and dropped.
  const nameOf = (active: { data: { current?: Record<string, unknown> } }) =>
    String(active.data.current?.name ?? '');
  const total = keys.length;
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      announcedOver.current = isAvailableId(active.id) ? AVAILABLE_COLUMN : active.id;
      return labels.pickedUp(nameOf(active));
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === announcedOver.current) return undefined;
      announcedOver.current = over.id;
      if (over.id === SELECTED_COLUMN) return labels.overColumn(nameOf(active), labels.selectedTitle);
      if (isSelectedId(over.id)) {
        const position = keys.indexOf(keyOf(over.id)) + 1;
        return labels.overPosition(nameOf(active), position, isAvailableId(active.id) ? total + 1 : total);
      }
      return labels.overColumn(nameOf(active), labels.availableTitle);
    },
    onDragEnd: ({ active, over }) => {
      const action = dropOf(active.id, over?.id);
      const name = nameOf(active);
      if (!action) return labels.droppedNowhere(name);
      if (action.kind === 'add') return labels.added(name, labels.selectedTitle);
      if (action.kind === 'move') return labels.moved(name, action.to + 1, total);
      return labels.removed(name, labels.selectedTitle);
    },
    onDragCancel: ({ active }) => labels.cancelled(nameOf(active)),
  };

  const end = ({ active, over }: DragEndEvent) => {
    setActiveId(null);
    setOverId(null);
    const action = dropOf(active.id, over?.id);
    if (!action) return;
    if (action.kind === 'add') {
      const item = available.find((candidate) => candidate.id === action.itemId);
      if (item) onAdd(item, action.index);
    } else if (action.kind === 'move') {
      onMove?.(action.from, action.to);
    } else {
      onRemove(action.index);
    }
  };

  const pending = activeId ? dropOf(activeId, overId) : null;
  const activeItem =
    activeId && isAvailableId(activeId) ? available.find((i) => i.id === itemIdOf(activeId)) : null;
  const activeEntry =
    activeId && isSelectedId(activeId) ? selected.find((e) => e.key === keyOf(activeId)) : null;
  const insertBeforeKey =
    pending?.kind === 'add' && pending.index < keys.length ? (keys[pending.index] ?? null) : null;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={columnsCollision}
      accessibility={{ announcements, screenReaderInstructions: { draggable: labels.instructions } }}
      onDragStart={({ active }) => setActiveId(String(active.id))}
      onDragOver={({ over }) => setOverId(over ? String(over.id) : null)}
      onDragEnd={end}
      onDragCancel={() => {
        setActiveId(null);
        setOverId(null);
      }}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SelectedColumn
          entries={selected}
          labels={labels}
          sortable={sortable}
          disabled={disabled}
          headingOrder={headingOrder}
          highlighted={pending?.kind === 'add'}
          insertBeforeKey={insertBeforeKey}
          onRemove={onRemove}
        />
        <AvailableColumn
          items={available}
          categories={categories}
          categoryLabel={categoryLabel}
          labels={labels}
          disabled={disabled}
          headingOrder={headingOrder}
          highlighted={pending?.kind === 'remove' && overId === AVAILABLE_COLUMN}
          onAdd={(item) => onAdd(item, keys.length)}
        />
      </SimpleGrid>
      <DragOverlay dropAnimation={null}>
        {activeItem ? (
          <div className={classes.overlay}>
            <ItemCard name={activeItem.name} description={activeItem.description} />
          </div>
        ) : activeEntry ? (
          <div className={classes.overlay}>
            <ItemCard
              name={activeEntry.name}
              description={activeEntry.description}
              detail={activeEntry.detail}
              badges={activeEntry.badges}
            />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
