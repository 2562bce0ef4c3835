import type { ClientSort } from '@cairn/shared/clients.schemas';
import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './sort-header.module.css';

export interface SortHeaderProps {
  column: ClientSort;
  /** The column the list is sorted by; null for a search's best matches first. */
  sortBy: ClientSort | null;
  sortDesc: boolean;
  onSort: (column: ClientSort) => void;
  children: ReactNode;
}

/**
 * A column header that sorts the list: the whole cell is one button, with the current order
 * announced by aria-sort.
 */
export function SortHeader({ column, sortBy, sortDesc, onSort, children }: SortHeaderProps) {
  const active = column === sortBy;
  const Icon = !active ? IconArrowsSort : sortDesc ? IconSortDescending : IconSortAscending;
  return (
    <Table.Th className={classes.cell} aria-sort={active ? (sortDesc ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton className={classes.button} onClick={() => onSort(column)}>
        {children}
        <Icon size={16} aria-hidden style={{ opacity: active ? 1 : 0.45 }} />
      </UnstyledButton>
    </Table.Th>
  );
}
