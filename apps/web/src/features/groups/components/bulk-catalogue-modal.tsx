import type { Group } from '@cairn/shared/groups.schemas';
import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkModal } from './bulk-modal.tsx';
import { useBulkDraft } from './use-bulk-draft.ts';

export interface BulkModalProps {
  group: Group;
  opened: boolean;
  onClose: () => void;
}

/** What a bulk dialog's editor is given: the entries so far, and the catalogue to choose from. */
export interface BulkEditorProps<Entry, Catalogue> {
  entries: Entry[];
  onChange: (entries: Entry[]) => void;
  catalogue: Catalogue;
  headingOrder: 3;
  disabled: boolean;
}

/**
 * A group's bulk dialog over a catalogue (supports, trainings): the plan components' editor once
 * the catalogue has loaded; Save sends the entries for every member's open plan (`send`).
 */
export function BulkCatalogueModal<Entry, Catalogue>({
  group,
  opened,
  onClose,
  title,
  catalogue,
  send,
  editor,
}: BulkModalProps & {
  title: string;
  catalogue: Catalogue | undefined;
  send: (entries: Entry[]) => Promise<unknown>;
  editor: (props: BulkEditorProps<Entry, Catalogue>) => ReactNode;
}) {
  const { t } = useTranslation('groups');
  const draft = useBulkDraft<Entry>(send, onClose);

  return (
    <BulkModal
      opened={opened}
      groupId={group.group_id}
      groupName={group.name}
      title={title}
      ready={draft.ready}
      saving={draft.saving}
      refused={draft.refused}
      onClose={draft.close}
      onSave={draft.save}
    >
      {catalogue ? (
        editor({
          entries: draft.entries,
          onChange: draft.setEntries,
          catalogue,
          headingOrder: 3,
          disabled: draft.saving,
        })
      ) : (
        <Center py="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      )}
    </BulkModal>
  );
}
