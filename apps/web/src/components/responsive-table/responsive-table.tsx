import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './responsive-table.module.css';

export interface ResponsiveTableProps {
  /** The table's least width on large screens, below which it scrolls sideways. */
  minWidth: number;
  /** Its greatest width, when narrower than the page. */
  maw?: number;
  /**
   * A Mantine Table. On small screens each row shows as a card: cells with no `data-label`
   * (the name, its icon or avatar) head it, and each cell with a `data-label` (its column's
   * title) shows as that label and its value.
   */
  children: ReactNode;
}

/** Every list's table: the table on large screens, a card per row on small ones. */
export function ResponsiveTable({ minWidth, maw, children }: ResponsiveTableProps) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      maw={maw}
      className={classes.root}
      classNames={{ scrollContainerInner: classes.inner }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
