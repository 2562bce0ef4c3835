import { describe, expect, it } from 'vitest';
import {
  AVAILABLE_COLUMN,
  availableId,
  resolveDrop,
  SELECTED_COLUMN,
  selectedId,
} from './drag-column-ids.ts';

const keys = ['a', 'b', 'c'];

describe('resolveDrop', () => {
  it('adds a master item dropped on the chosen column at the end', () => {
    expect(resolveDrop(availableId(7), SELECTED_COLUMN, keys)).toEqual({ kind: 'add', itemId: 7, index: 3 });
  });

  it('adds a master item dropped on a chosen item in that item’s place', () => {
    expect(resolveDrop(availableId(7), selectedId('b'), keys)).toEqual({ kind: 'add', itemId: 7, index: 1 });
  });

  it('does nothing when a master item is dropped back on the master list or nowhere', () => {
    expect(resolveDrop(availableId(7), AVAILABLE_COLUMN, keys)).toBeNull();
    expect(resolveDrop(availableId(7), null, keys)).toBeNull();
  });

  it('moves a chosen item onto another one’s place, or last when dropped on the column', () => {
    expect(resolveDrop(selectedId('a'), selectedId('c'), keys)).toEqual({ kind: 'move', from: 0, to: 2 });
    expect(resolveDrop(selectedId('c'), selectedId('a'), keys)).toEqual({ kind: 'move', from: 2, to: 0 });
    expect(resolveDrop(selectedId('a'), SELECTED_COLUMN, keys)).toEqual({ kind: 'move', from: 0, to: 2 });
  });

  it('leaves a chosen item where it is when dropped on itself or at the end it already holds', () => {
    expect(resolveDrop(selectedId('b'), selectedId('b'), keys)).toBeNull();
    expect(resolveDrop(selectedId('c'), SELECTED_COLUMN, keys)).toBeNull();
  });

  it('removes a chosen item dragged back to the master list', () => {
    expect(resolveDrop(selectedId('b'), AVAILABLE_COLUMN, keys)).toEqual({ kind: 'remove', index: 1 });
    expect(resolveDrop(selectedId('b'), availableId(3), keys)).toEqual({ kind: 'remove', index: 1 });
  });
});
