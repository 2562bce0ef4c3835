import { describe, expect, it } from 'vitest';
import { cardName } from './item-card.tsx';

describe("a drag card's accessible name", () => {
  it('is what the card shows, in its order, the item first', () => {
    expect(cardName({ name: 'Childcare', description: null })).toBe('Childcare');
    const description = 'Help with the cost of a course, its books and the transport to reach it.';
    expect(cardName({ name: 'Training costs', description })).toBe(
      'Training costs, Help with the cost of a course, its books and the...',
    );
    expect(
      cardName({
        name: 'Forklift',
        description: null,
        detail: 'March 4, 2026, NOC 75101',
        badges: ['Other'],
      }),
    ).toBe('Forklift, Other, March 4, 2026, NOC 75101');
  });
});
