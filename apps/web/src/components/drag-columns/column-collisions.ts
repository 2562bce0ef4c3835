import {
  pointerWithin,
  rectIntersection,
  type ClientRect,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { AVAILABLE_COLUMN, isSelectedId, SELECTED_COLUMN } from './drag-column-ids.ts';

const COLUMNS = [SELECTED_COLUMN, AVAILABLE_COLUMN];

const contains = (rect: ClientRect, x: number, y: number) =>
  x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom;

/**
 * Where a dragged item is over. With a pointer: the chosen item under it, else the column under
 * it. With the keyboard (no pointer): the chosen item it mostly covers, else the column holding
 * its centre; the keyboard moves below put it squarely on one or the other.
 */
export const columnsCollision: CollisionDetection = (args) => {
  if (args.pointerCoordinates) {
    const hits = pointerWithin(args);
    const item = hits.find((hit) => isSelectedId(hit.id));
    if (item) return [item];
    return hits.filter((hit) => COLUMNS.includes(String(hit.id))).slice(0, 1);
  }
  const hits = rectIntersection(args);
  const item = hits.find((hit) => isSelectedId(hit.id) && Number(hit.data?.value ?? 0) > 0.5);
  if (item) return [item];
  const { collisionRect, droppableRects } = args;
  const x = collisionRect.left + collisionRect.width / 2;
  const y = collisionRect.top + collisionRect.height / 2;
  for (const column of COLUMNS) {
    const rect = droppableRects.get(column);
    if (rect && contains(rect, x, y)) {
      const hit = hits.find((h) => h.id === column);
      return [hit ?? { id: column }];
    }
  }
  return [];
};

/**
 * Keyboard moves while an item is picked up: Left goes to the chosen list (after its last
 * item), Right to the master list; Up and Down step through the chosen items once there.
 */
export const columnsKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const { active, collisionRect, droppableRects, droppableContainers, over } = context;
  if (!active || !collisionRect) return undefined;

  const endOf = (column: string) => {
    const rect = droppableRects.get(column);
    if (!rect) return undefined;
    // Centre just inside the column's bottom edge: below its last item.
    return {
      x: rect.left + (rect.width - collisionRect.width) / 2,
      y: rect.bottom - 2 - collisionRect.height / 2,
    };
  };

  switch (event.code) {
    case 'ArrowLeft':
      return endOf(SELECTED_COLUMN);
    case 'ArrowRight':
      return endOf(AVAILABLE_COLUMN);
    case 'ArrowUp':
    case 'ArrowDown': {
      const inSelected = over != null && (over.id === SELECTED_COLUMN || isSelectedId(over.id));
      if (!inSelected) return undefined;
      const down = event.code === 'ArrowDown';
      let best: ClientRect | undefined;
      for (const container of droppableContainers.getEnabled()) {
        if (!isSelectedId(container.id)) continue;
        const rect = droppableRects.get(container.id);
        if (!rect) continue;
        const ahead = down ? rect.top > collisionRect.top + 1 : rect.top < collisionRect.top - 1;
        if (!ahead) continue;
        if (!best || Math.abs(rect.top - collisionRect.top) < Math.abs(best.top - collisionRect.top))
          best = rect;
      }
      if (best) return { x: best.left, y: best.top };
      return down ? endOf(SELECTED_COLUMN) : undefined;
    }
    default:
      return undefined;
  }
};
