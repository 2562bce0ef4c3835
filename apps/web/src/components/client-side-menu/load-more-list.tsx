import { Button, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';

/** Spec §2 and §9: the side menu lists 2 items at first and 2 more per Load More. */
export const SIDE_MENU_FIRST = 2;
export const SIDE_MENU_MORE = 2;

export interface LoadMoreListProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  /** The visible words of the button, e.g. 'Load More'. */
  loadMoreText: string;
  /** Its accessible name, naming the list, e.g. 'Load More groups'; it starts with the visible words. */
  loadMoreLabel: string;
  /** Shown when there are no items. */
  empty?: ReactNode;
}

/** A short list that grows on demand: the first items, then a Load More button while more remain. */
export function LoadMoreList<T>({
  items,
  itemKey,
  renderItem,
  loadMoreText,
  loadMoreLabel,
  empty = null,
}: LoadMoreListProps<T>) {
  const [shown, setShown] = useState(SIDE_MENU_FIRST);
  if (items.length === 0) return empty;
  return (
    <Stack gap={4}>
      <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
        {items.slice(0, shown).map((item) => (
          <li key={itemKey(item)}>{renderItem(item)}</li>
        ))}
      </Stack>
      {shown < items.length && (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setShown((n) => n + SIDE_MENU_MORE)}
          aria-label={loadMoreLabel}
          style={{ alignSelf: 'flex-start' }}
        >
          {loadMoreText}
        </Button>
      )}
    </Stack>
  );
}
