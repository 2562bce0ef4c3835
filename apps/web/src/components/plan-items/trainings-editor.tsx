import type { Training } from '@cairn/shared/catalogue.schemas';
import type { TitleOrder } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { descriptionIn, nameIn } from '../../lib/catalogue-names.ts';
import { useFormats } from '../../lib/use-formats.ts';
import { DragColumns } from '../drag-columns/drag-columns.tsx';
import type { ColumnEntry, ColumnItem } from '../drag-columns/drag-columns-types.ts';
import { TrainingDialog } from '../training-dialog/training-dialog.tsx';
import { sortTrainings, trainingEntryOf, type TrainingEntry } from './plan-item-entries.ts';
import { useColumnLabels, type ColumnScope } from './use-column-labels.ts';

interface OfferedTraining extends ColumnItem {
  source: Training;
}

export interface TrainingsEditorProps {
  entries: readonly TrainingEntry[];
  onChange: (entries: TrainingEntry[]) => void;
  /** The active catalogue trainings. */
  catalogue: readonly Training[];
  headingOrder?: TitleOrder;
  disabled?: boolean;
  /** A plan's items (the default) or a group's selection. */
  scope?: ColumnScope;
}

/**
 * Trainings in the two drag columns ('Plan Trainings' / 'Add Trainings'), by date with 'Other'
 * last (spec §9), each showing its date and NOC. Adding one asks for its date and NOC first (the
 * training dialog).
 */
export function TrainingsEditor({
  entries,
  onChange,
  catalogue,
  headingOrder,
  scope,
  disabled,
}: TrainingsEditorProps) {
  const { t, i18n } = useTranslation('plan-items');
  const fmt = useFormats();
  const labels = useColumnLabels('trainings', scope);
  const [adding, setAdding] = useState<Training | null>(null);

  // The same training may be taken again on another date, so every training stays on offer.
  const offered = useMemo<OfferedTraining[]>(
    () =>
      catalogue.map((training) => ({
        id: training.training_id,
        name: nameIn(training, i18n.resolvedLanguage),
        description: descriptionIn(training, i18n.resolvedLanguage),
        source: training,
      })),
    [catalogue, i18n.resolvedLanguage],
  );

  const columnEntries: ColumnEntry[] = entries.map((entry) => ({
    key: entry.key,
    name: entry.other_name ?? entry.name,
    description: entry.description,
    detail: [fmt.longDate(entry.date), entry.noc ? t('training.nocDetail', { noc: entry.noc }) : null]
      .filter(Boolean)
      .join(' · '),
    badges: [
      ...(entry.is_other ? [t('badges.other')] : []),
      ...(entry.disabled ? [t('badges.noLongerOffered')] : []),
    ],
  }));

  return (
    <>
      <DragColumns
        selected={columnEntries}
        available={offered}
        sortable={false}
        labels={labels}
        headingOrder={headingOrder}
        disabled={disabled}
        onAdd={(item) => setAdding(item.source)}
        onRemove={(index) => onChange(entries.filter((_, i) => i !== index))}
      />
      <TrainingDialog
        training={adding}
        onCancel={() => setAdding(null)}
        onAdd={(answers) => {
          if (adding) onChange(sortTrainings([...entries, trainingEntryOf(adding, answers)]));
          setAdding(null);
        }}
      />
    </>
  );
}
