import {
  BARRIER_CATEGORIES,
  SUPPORT_CATEGORIES,
  type Barrier,
  type Support,
} from '@cairn/shared/catalogue.schemas';
import type { TitleOrder } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { descriptionIn, nameIn } from '../../lib/catalogue-names.ts';
import { DragColumns } from '../drag-columns/drag-columns.tsx';
import type { ColumnEntry, ColumnItem } from '../drag-columns/drag-columns-types.ts';
import { OtherNameModal } from './other-name-modal.tsx';
import {
  catalogueIdOf,
  entryOf,
  hasOtherNamed,
  insertEntry,
  moveEntry,
  offeredItems,
  type ItemKind,
  type PlanItemEntry,
} from './plan-item-entries.ts';
import { useColumnLabels, type ColumnScope } from './use-column-labels.ts';

type CatalogueItem = Barrier | Support;
interface OfferedItem extends ColumnItem {
  source: CatalogueItem;
}

export interface PlanItemsEditorProps {
  kind: ItemKind;
  entries: readonly PlanItemEntry[];
  onChange: (entries: PlanItemEntry[]) => void;
  /** The active catalogue items of this kind. */
  catalogue: readonly CatalogueItem[];
  headingOrder?: TitleOrder;
  disabled?: boolean;
  /** A plan's items (the default) or a group's selection. */
  scope?: ColumnScope;
}

/**
 * The plan's barriers or supports in the two drag columns ('Plan Barriers' / 'Add Barriers',
 * 'Plan Supports' / 'Add Supports'), the master list in a tab per category. Choosing 'Other'
 * first asks for its name.
 */
export function PlanItemsEditor({
  kind,
  entries,
  onChange,
  catalogue,
  headingOrder,
  scope,
  disabled = false,
}: PlanItemsEditorProps) {
  const { t, i18n } = useTranslation('plan-items');
  const labels = useColumnLabels(kind, scope);
  const [naming, setNaming] = useState<{ item: CatalogueItem; index: number } | null>(null);

  const offered = useMemo<OfferedItem[]>(
    () =>
      offeredItems(catalogue, entries).map((item) => ({
        id: catalogueIdOf(item),
        name: nameIn(item, i18n.resolvedLanguage),
        description: descriptionIn(item, i18n.resolvedLanguage),
        category: item.category,
        source: item,
      })),
    [catalogue, entries, i18n.resolvedLanguage],
  );

  const columnEntries: ColumnEntry[] = entries.map((entry) => ({
    key: entry.key,
    name: entry.other_name ?? entry.name,
    description: entry.description,
    badges: [
      ...(entry.is_other ? [t('badges.other')] : []),
      ...(entry.disabled ? [t('badges.noLongerOffered')] : []),
    ],
  }));

  const add = ({ source }: OfferedItem, index: number) => {
    if (source.is_other) setNaming({ item: source, index });
    else onChange(insertEntry(entries, entryOf(source), index));
  };

  return (
    <>
      <DragColumns
        selected={columnEntries}
        available={offered}
        categories={kind === 'barriers' ? BARRIER_CATEGORIES : SUPPORT_CATEGORIES}
        categoryLabel={(category) => t(`categories.${category}`, { defaultValue: category })}
        labels={labels}
        headingOrder={headingOrder}
        disabled={disabled}
        onAdd={add}
        onMove={(from, to) => onChange(moveEntry(entries, from, to))}
        onRemove={(index) => onChange(entries.filter((_, i) => i !== index))}
      />
      <OtherNameModal
        subject={naming ? (kind === 'barriers' ? 'barrier' : 'support') : null}
        isTaken={(name) => naming != null && hasOtherNamed(entries, catalogueIdOf(naming.item), name)}
        onCancel={() => setNaming(null)}
        onConfirm={(name) => {
          if (naming) onChange(insertEntry(entries, entryOf(naming.item, name), naming.index));
          setNaming(null);
        }}
      />
    </>
  );
}
