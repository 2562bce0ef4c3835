import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DragColumnsLabels } from '../drag-columns/drag-columns-types.ts';

/**
 * Whose items the editor holds: a plan's, or those chosen for every member of a group (a group's
 * bulk dialog), which the empty column and the emptied list speak of.
 */
export type ColumnScope = 'plan' | 'group';

/** The words of the column editor for the plan's (or a group's) barriers, supports or trainings. */
export function useColumnLabels(
  kind: 'barriers' | 'supports' | 'trainings',
  scope: ColumnScope = 'plan',
): DragColumnsLabels {
  const { t } = useTranslation('plan-items');
  return useMemo(
    () => ({
      selectedTitle: t(`columns.${kind}.selected`),
      availableTitle: t(`columns.${kind}.available`),
      empty: t(scope === 'group' ? `columns.${kind}.groupEmpty` : `columns.${kind}.empty`),
      search: t(`columns.${kind}.search`),
      noResults: t('dragColumns.noResults'),
      noneLeft: t(scope === 'group' ? 'dragColumns.groupNoneLeft' : 'dragColumns.noneLeft'),
      add: (name) => t('dragColumns.add', { name }),
      remove: (name) => t('dragColumns.remove', { name }),
      instructions: t('dragColumns.instructions'),
      pickedUp: (name) => t('dragColumns.pickedUp', { name }),
      overColumn: (name, column) => t('dragColumns.overColumn', { name, column }),
      overPosition: (name, position, total) => t('dragColumns.overPosition', { name, position, total }),
      added: (name, column) => t('dragColumns.added', { name, column }),
      moved: (name, position, total) => t('dragColumns.moved', { name, position, total }),
      removed: (name, column) => t('dragColumns.removed', { name, column }),
      droppedNowhere: (name) => t('dragColumns.droppedNowhere', { name }),
      cancelled: (name) => t('dragColumns.cancelled', { name }),
    }),
    [t, kind, scope],
  );
}
