import { useDndContext } from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Box, Group, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { selectedId } from './drag-column-ids.ts';
import type { ColumnEntry, DragColumnsLabels } from './drag-columns-types.ts';
import { cardName, ItemCard, useDescriptionId } from './item-card.tsx';
import classes from './drag-columns.module.css';

export interface SelectedItemProps {
  entry: ColumnEntry;
  labels: DragColumnsLabels;
  /** Whether it can be dragged to another place in the list (trainings keep their date order). */
  sortable: boolean;
  disabled: boolean;
  /** A master item is being dragged over this one: it would go here. */
  insertBefore: boolean;
  onRemove: () => void;
}

/** A chosen item: drag it elsewhere in the list or back out, or remove it with its button or Delete. */
export function SelectedItem({
  entry,
  labels,
  sortable,
  disabled,
  insertBefore,
  onRemove,
}: SelectedItemProps) {
  const { active } = useDndContext();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: selectedId(entry.key), data: { name: entry.name }, disabled: disabled || !sortable });
  const description = useDescriptionId(entry.description);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.key === 'Delete' || event.key === 'Backspace') && !active && !disabled) {
      event.preventDefault();
      onRemove();
      return;
    }
    if (sortable) listeners?.onKeyDown?.(event);
  };

  return (
    <Group
      component="li"
      ref={setNodeRef}
      gap={4}
      wrap="nowrap"
      className={classes.row}
      data-row
      data-dragging={isDragging || undefined}
      data-insert-before={insertBefore || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <Tooltip
        label={entry.description}
        disabled={!entry.description || active != null}
        multiline
        maw={320}
        openDelay={300}
        events={{ hover: true, focus: true, touch: false }}
      >
        <Box
          ref={setActivatorNodeRef}
          className={classes.card}
          data-card
          data-static={!sortable || undefined}
          {...(sortable ? attributes : { role: 'group' })}
          {...(sortable ? listeners : {})}
          // A list that keeps its own order is still reachable, to remove with Delete.
          tabIndex={0}
          onKeyDown={onKeyDown}
          aria-describedby={
            [sortable ? attributes['aria-describedby'] : null, description.id].filter(Boolean).join(' ') ||
            undefined
          }
          aria-label={cardName(entry)}
        >
          <ItemCard
            name={entry.name}
            description={entry.description}
            detail={entry.detail}
            badges={entry.badges}
          />
        </Box>
      </Tooltip>
      {description.node}
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        onClick={onRemove}
        disabled={disabled}
        aria-label={labels.remove(entry.name)}
        title={labels.remove(entry.name)}
      >
        <IconX size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
