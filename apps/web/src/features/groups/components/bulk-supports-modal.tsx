import { useTranslation } from 'react-i18next';
import { supportBody, type PlanItemEntry } from '../../../components/plan-items/plan-item-entries.ts';
import { PlanItemsEditor } from '../../../components/plan-items/plan-items-editor.tsx';
import { useSupportCatalogue } from '../../../lib/catalogue-queries.ts';
import { useBulkSupports } from '../api/group-bulk-mutations.ts';
import { BulkCatalogueModal, type BulkModalProps } from './bulk-catalogue-modal.tsx';

/**
 * Spec §2 group supports modal: 'Plan Supports' and 'Add Supports' in the drag columns (the
 * searchable catalogue by category, descriptions in tooltips, 'Other' asks for a name); Save adds
 * them to every member's open plan (POST /groups/{id}/bulk-create/support).
 */
export function BulkSupportsModal(props: BulkModalProps) {
  const { t } = useTranslation('groups');
  const catalogue = useSupportCatalogue();
  const record = useBulkSupports(props.group.group_id);
  return (
    <BulkCatalogueModal
      {...props}
      title={t('bulk.supportsTitle')}
      catalogue={catalogue.data}
      send={(entries: PlanItemEntry[], skip: boolean) =>
        record.mutateAsync({ body: supportBody(entries), skip })
      }
      editor={(editor) => <PlanItemsEditor kind="supports" {...editor} />}
    />
  );
}
