import { ActionIcon, Box, Group, Tooltip } from '@mantine/core';
import { useDndContext, useDraggable } from '@dnd-kit/core';
import { IconPlus } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { availableId } from './drag-column-ids.ts';
import type { ColumnItem, DragColumnsLabels } from './drag-columns-types.ts';
import { cardName, ItemCard, useDescriptionId } from './item-card.tsx';
import classes from './drag-columns.module.css';

export interface AvailableItemProps {
  item: ColumnItem;
  labels: DragColumnsLabels;
  disabled: boolean;
  onAdd: () => void;
}

/**
 * A master item: drag it to the chosen list, or (without dragging) press Enter on it or use its
 * Add button. Space picks it up for a keyboard drag.
 */
export function AvailableItem({ item, labels, disabled, onAdd }: AvailableItemProps) {
  const { active } = useDndContext();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: availableId(item.id),
    data: { name: item.name },
    disabled,
  });
  const description = useDescriptionId(item.description);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Enter adds at once; while something is picked up, keys belong to the drag.
    if (event.key === 'Enter' && !active && !disabled) {
      event.preventDefault();
      onAdd();
      return;
    }
    listeners?.onKeyDown?.(event);
  };

  return (
    <Group
      component="li"
      gap={4}
      wrap="nowrap"
      className={classes.row}
      data-row
      data-dragging={isDragging || undefined}
    >
      <Tooltip
        label={item.description}
        disabled={!item.description || active != null}
        multiline
        maw={320}
        openDelay={300}
        events={{ hover: true, focus: true, touch: false }}
      >
        <Box
          ref={(node: HTMLDivElement | null) => {
            setNodeRef(node);
            setActivatorNodeRef(node);
          }}
          className={classes.card}
          data-card
          {...attributes}
          {...listeners}
          onKeyDown={onKeyDown}
          aria-describedby={
            [attributes['aria-describedby'], description.id].filter(Boolean).join(' ') || undefined
          }
          aria-label={cardName(item)}
        >
          <ItemCard name={item.name} description={item.description} />
        </Box>
      </Tooltip>
      {description.node}
      <ActionIcon
        variant="subtle"
        size="lg"
        onClick={onAdd}
        disabled={disabled}
        aria-label={labels.add(item.name)}
        title={labels.add(item.name)}
      >
        <IconPlus size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
