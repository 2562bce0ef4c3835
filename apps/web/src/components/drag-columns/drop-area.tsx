import { useDroppable } from '@dnd-kit/core';
import { Paper } from '@mantine/core';
import { useRef, type ReactNode } from 'react';
import { useKeepFocus } from './use-keep-focus.ts';
import classes from './drag-columns.module.css';

export interface DropAreaProps {
  /** The column's droppable id. */
  id: string;
  disabled: boolean;
  /** Something is being dragged into it. */
  highlighted: boolean;
  /** What the area lists: when it changes, focus stays in the list. */
  contents: unknown;
  children: ReactNode;
}

/** A column's list, where dragged items are dropped. */
export function DropArea({ id, disabled, highlighted, contents, children }: DropAreaProps) {
  const { setNodeRef } = useDroppable({ id, disabled });
  const listRef = useRef<HTMLDivElement | null>(null);
  const trackFocus = useKeepFocus(listRef, contents);
  return (
    <Paper
      withBorder
      ref={(node: HTMLDivElement | null) => {
        setNodeRef(node);
        listRef.current = node;
      }}
      className={classes.dropArea}
      data-over={highlighted || undefined}
      onFocus={trackFocus}
    >
      {children}
    </Paper>
  );
}
