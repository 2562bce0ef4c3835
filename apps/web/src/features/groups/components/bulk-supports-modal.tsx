import type { Group } from '@cairn/shared/groups.schemas';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { supportBody, type PlanItemEntry } from '../../../components/plan-items/plan-item-entries.ts';
import { PlanItemsEditor } from '../../../components/plan-items/plan-items-editor.tsx';
import { useSupportCatalogue } from '../../../lib/catalogue-queries.ts';
import { useBulkSupports } from '../api/group-bulk-mutations.ts';
import { BulkModal } from './bulk-modal.tsx';
import { useBulkDraft } from './use-bulk-draft.ts';

export interface BulkSupportsModalProps {
  group: Group;
  opened: boolean;
  onClose: () => void;
}

/**
 * Spec §2 group supports modal: 'Plan Supports' and 'Add Supports' in the drag columns (the
 * searchable catalogue by category, descriptions in tooltips, 'Other' asks for a name); Save adds
 * them to every member's open plan (POST /groups/{id}/bulk-create/support).
 */
export function BulkSupportsModal({ group, opened, onClose }: BulkSupportsModalProps) {
  const { t } = useTranslation('groups');
  const catalogue = useSupportCatalogue();
  const record = useBulkSupports(group.group_id);
  const draft = useBulkDraft<PlanItemEntry>((entries) => record.mutateAsync(supportBody(entries)), onClose);

  return (
    <BulkModal
      opened={opened}
      groupId={group.group_id}
      groupName={group.name}
      title={t('bulk.supportsTitle')}
      ready={draft.ready}
      saving={draft.saving}
      refused={draft.refused}
      onClose={draft.close}
      onSave={draft.save}
    >
      {catalogue.data ? (
        <PlanItemsEditor
          kind="supports"
          entries={draft.entries}
          onChange={draft.setEntries}
          catalogue={catalogue.data}
          headingOrder={3}
          disabled={draft.saving}
        />
      ) : (
        <Center py="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      )}
    </BulkModal>
  );
}
