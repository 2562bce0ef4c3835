import { describe, expect, it } from 'vitest';
import {
  cleanCount,
  emptyInteractionForm,
  interactionRecordsOf,
  stepCount,
} from './interaction-form-model.ts';

describe('interaction counts (spec §5 Interaction)', () => {
  it('keeps digits only, at most 99', () => {
    expect(cleanCount('a1b2')).toBe('12');
    expect(cleanCount('150')).toBe('99');
    expect(cleanCount('07')).toBe('7');
    expect(cleanCount('')).toBe('');
  });

  it('steps between 0 and 99', () => {
    expect(stepCount(0, -1)).toBe('0');
    expect(stepCount(99, 1)).toBe('99');
    expect(stepCount(4, 1)).toBe('5');
  });

  it('sends only counts above 0, an empty count being 0', () => {
    const values = { ...emptyInteractionForm('2026-01-15'), counts: { '1': '2', '2': '', '3': '0' } };
    expect(interactionRecordsOf(values, [1, 2, 3])).toEqual([
      { interaction_id: 1, date: '2026-01-15', count: 2 },
    ]);
  });
});
