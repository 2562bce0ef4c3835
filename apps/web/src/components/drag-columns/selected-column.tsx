import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Text, Title, type TitleOrder } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { selectedId, SELECTED_COLUMN } from './drag-column-ids.ts';
import type { ColumnEntry, DragColumnsLabels } from './drag-columns-types.ts';
import { DropArea } from './drop-area.tsx';
import { SelectedItem } from './selected-item.tsx';
import classes from './drag-columns.module.css';

export interface SelectedColumnProps {
  entries: readonly ColumnEntry[];
  labels: DragColumnsLabels;
  sortable: boolean;
  disabled: boolean;
  headingOrder: TitleOrder;
  /** Highlight the column: something is being dragged into it. */
  highlighted: boolean;
  /** The key of the item a dragged master item would go before, if any. */
  insertBeforeKey: string | null;
  onRemove: (index: number) => void;
}

/** The left column: what is chosen, in order, with a place to drop more. */
export function SelectedColumn({
  entries,
  labels,
  sortable,
  disabled,
  headingOrder,
  highlighted,
  insertBeforeKey,
  onRemove,
}: SelectedColumnProps) {
  const headingId = useId();
  return (
    <section className={classes.column} aria-labelledby={headingId}>
      <Title order={headingOrder} size="h4" id={headingId} mb="xs">
        {labels.selectedTitle}
      </Title>
      <DropArea id={SELECTED_COLUMN} disabled={disabled} highlighted={highlighted} contents={entries}>
        {entries.length === 0 ? (
          <Text c="dimmed" size="sm" p="xs">
            {labels.empty}
          </Text>
        ) : (
          <SortableContext
            items={entries.map((e) => selectedId(e.key))}
            strategy={verticalListSortingStrategy}
          >
            <ul className={classes.list} aria-labelledby={headingId}>
              {entries.map((entry, index) => (
                <SelectedItem
                  key={entry.key}
                  entry={entry}
                  labels={labels}
                  sortable={sortable}
                  disabled={disabled}
                  insertBefore={insertBeforeKey === entry.key}
                  onRemove={() => onRemove(index)}
                />
              ))}
            </ul>
          </SortableContext>
        )}
      </DropArea>
    </section>
  );
}
