import type { ColumnItem } from './drag-columns-types.ts';

/** Lower case without accents, so 'metis' finds 'Métis' and 'CHILD' finds 'childcare'. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The master items whose name, description or category holds every word of the search. */
export function searchItems<T extends ColumnItem>(items: readonly T[], search: string): T[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const text = fold([item.name, item.description ?? '', item.category ?? ''].join(' '));
    return words.every((word) => text.includes(word));
  });
}

/**
 * The items under each category, in the order the categories are given; items of a category
 * not in the list come last under their own heading, so nothing the server sends is hidden.
 */
export function groupByCategory<T extends ColumnItem>(
  items: readonly T[],
  categories: readonly string[],
): Array<{ category: string; items: T[] }> {
  const order = [...categories];
  for (const item of items) {
    const category = item.category ?? '';
    if (!order.includes(category)) order.push(category);
  }
  return order
    .map((category) => ({ category, items: items.filter((item) => (item.category ?? '') === category) }))
    .filter((group) => group.items.length > 0);
}
