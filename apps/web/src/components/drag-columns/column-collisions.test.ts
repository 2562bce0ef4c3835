import type { ClientRect, KeyboardCoordinateGetter } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { columnsCollision, columnsKeyboardCoordinates } from './column-collisions.ts';
import { AVAILABLE_COLUMN, SELECTED_COLUMN, selectedId } from './drag-column-ids.ts';

const rect = (left: number, top: number, width: number, height: number): ClientRect => ({
  left,
  top,
  width,
  height,
  right: left + width,
  bottom: top + height,
});

// Chosen list on the left with two items, master list on the right.
const rects = new Map<string, ClientRect>([
  [SELECTED_COLUMN, rect(0, 0, 300, 400)],
  [selectedId('a'), rect(10, 10, 280, 50)],
  [selectedId('b'), rect(10, 70, 280, 50)],
  [AVAILABLE_COLUMN, rect(320, 0, 300, 400)],
]);
const containers = [...rects.keys()].map((id) => ({ id }));

type Args = Parameters<KeyboardCoordinateGetter>[1];
function press(code: string, collisionRect: ClientRect, overId: string | null) {
  const context = {
    active: 'available:1',
    collisionRect,
    droppableRects: rects,
    droppableContainers: { getEnabled: () => containers },
    over: overId ? { id: overId } : null,
  };
  return columnsKeyboardCoordinates(
    { code } as KeyboardEvent,
    {
      active: 'available:1',
      currentCoordinates: { x: collisionRect.left, y: collisionRect.top },
      context,
    } as unknown as Args,
  );
}

function overOf(collisionRect: ClientRect) {
  const hits = columnsCollision({
    active: {} as never,
    collisionRect,
    droppableRects: rects as never,
    droppableContainers: containers.map((c) => ({ ...c, data: { current: {} } })) as never,
    pointerCoordinates: null,
  });
  return hits[0]?.id ?? null;
}

describe('keyboard moves between the columns', () => {
  const inMaster = rect(330, 10, 280, 50);

  it('Left lands after the last chosen item, which the collision reads as the chosen column', () => {
    const to = press('ArrowLeft', inMaster, AVAILABLE_COLUMN)!;
    expect(overOf(rect(to.x, to.y, 280, 50))).toBe(SELECTED_COLUMN);
  });

  it('Right goes back to the master list', () => {
    const to = press('ArrowRight', rect(10, 340, 280, 50), SELECTED_COLUMN)!;
    expect(overOf(rect(to.x, to.y, 280, 50))).toBe(AVAILABLE_COLUMN);
  });

  it('Up and Down step through the chosen items, only once in the chosen list', () => {
    expect(press('ArrowUp', inMaster, AVAILABLE_COLUMN)).toBeUndefined();
    const atEnd = rect(10, 340, 280, 50);
    const up = press('ArrowUp', atEnd, SELECTED_COLUMN)!;
    expect(overOf(rect(up.x, up.y, 280, 50))).toBe(selectedId('b'));
    const upAgain = press('ArrowUp', rect(up.x, up.y, 280, 50), selectedId('b'))!;
    expect(overOf(rect(upAgain.x, upAgain.y, 280, 50))).toBe(selectedId('a'));
    const down = press('ArrowDown', rect(upAgain.x, upAgain.y, 280, 50), selectedId('a'))!;
    expect(overOf(rect(down.x, down.y, 280, 50))).toBe(selectedId('b'));
  });
});
