import { Stack, Tabs, Text, TextInput, Title, type TitleOrder } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { AvailableItem } from './available-item.tsx';
import { AVAILABLE_COLUMN } from './drag-column-ids.ts';
import type { ColumnItem, DragColumnsLabels } from './drag-columns-types.ts';
import { DropArea } from './drop-area.tsx';
import { groupByCategory, searchItems } from './filter-items.ts';
import classes from './drag-columns.module.css';

export interface AvailableColumnProps<T extends ColumnItem> {
  items: readonly T[];
  categories?: readonly string[];
  categoryLabel: (category: string) => string;
  labels: DragColumnsLabels;
  disabled: boolean;
  headingOrder: TitleOrder;
  highlighted: boolean;
  onAdd: (item: T) => void;
}

/**
 * The right column: the master list to choose from, searchable, and with categories a tab bar
 * per category. A search looks through every category at once and lists the matches under
 * their category's heading.
 */
export function AvailableColumn<T extends ColumnItem>({
  items,
  categories,
  categoryLabel,
  labels,
  disabled,
  headingOrder,
  highlighted,
  onAdd,
}: AvailableColumnProps<T>) {
  const headingId = useId();
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<string | null>(categories?.[0] ?? null);
  const found = searchItems(items, search);
  const searching = search.trim() !== '';

  const list = (shown: readonly T[], empty: string) =>
    shown.length === 0 ? (
      <Text c="dimmed" size="sm" p="xs">
        {empty}
      </Text>
    ) : (
      <ul className={classes.list}>
        {shown.map((item) => (
          <AvailableItem
            key={item.id}
            item={item}
            labels={labels}
            disabled={disabled}
            onAdd={() => onAdd(item)}
          />
        ))}
      </ul>
    );

  let body;
  if (categories && !searching) {
    body = (
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="sm">
          {categories.map((category) => (
            <Tabs.Tab key={category} value={category}>
              {categoryLabel(category)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {categories.map((category) => (
          <Tabs.Panel key={category} value={category}>
            {list(
              found.filter((item) => item.category === category),
              labels.noneLeft,
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    );
  } else if (categories && found.length > 0) {
    body = (
      <Stack gap="sm">
        {groupByCategory(found, categories).map((group) => (
          <div key={group.category}>
            <Title order={(headingOrder + 1) as TitleOrder} size="h6" mb={4}>
              {categoryLabel(group.category)}
            </Title>
            {list(group.items, labels.noResults)}
          </div>
        ))}
      </Stack>
    );
  } else {
    body = list(found, searching ? labels.noResults : labels.noneLeft);
  }

  return (
    <section className={classes.column} aria-labelledby={headingId}>
      <Title order={headingOrder} size="h4" id={headingId} mb="xs">
        {labels.availableTitle}
      </Title>
      <TextInput
        type="search"
        label={labels.search}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        // Enter only searches: it must not submit a form the editor sits in.
        onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
        autoComplete="off"
        mb="xs"
      />
      <DropArea id={AVAILABLE_COLUMN} disabled={disabled} highlighted={highlighted} contents={items}>
        {body}
      </DropArea>
    </section>
  );
}
