import { describe, expect, it } from 'vitest';
import { groupByCategory, searchItems } from './filter-items.ts';

const items = [
  { id: 1, name: 'No childcare', description: 'No affordable childcare', category: 'Supports' },
  { id: 2, name: 'Low or no income', description: null, category: 'Financial' },
  { id: 3, name: 'Métis cultural support', description: 'Elder guidance', category: 'Cultural' },
  { id: 4, name: 'Other', description: 'A barrier not listed', category: 'Personal' },
];

describe('searchItems', () => {
  it('keeps everything for an empty search', () => {
    expect(searchItems(items, '  ')).toHaveLength(4);
  });

  it('matches name, description or category without case or accents', () => {
    expect(searchItems(items, 'CHILD').map((i) => i.id)).toEqual([1]);
    expect(searchItems(items, 'metis').map((i) => i.id)).toEqual([3]);
    expect(searchItems(items, 'elder').map((i) => i.id)).toEqual([3]);
    expect(searchItems(items, 'financial').map((i) => i.id)).toEqual([2]);
  });

  it('needs every word to match', () => {
    expect(searchItems(items, 'no income').map((i) => i.id)).toEqual([2]);
    expect(searchItems(items, 'childcare income')).toEqual([]);
  });
});

describe('groupByCategory', () => {
  it('lists categories in the given order, skips empty ones and keeps unknown ones last', () => {
    const groups = groupByCategory(items, ['Financial', 'Health', 'Personal', 'Supports']);
    expect(groups.map((g) => g.category)).toEqual(['Financial', 'Personal', 'Supports', 'Cultural']);
    expect(groups[0]!.items.map((i) => i.id)).toEqual([2]);
  });
});
