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
  /** Chosen from the menu for the members with an open plan: the others are skipped. */
  skip: boolean;
}

/** What a bulk dialog's editor is given: the entries so far, and the catalogue to choose from. */
export interface BulkEditorProps<Entry, Catalogue> {
  entries: Entry[];
  onChange: (entries: Entry[]) => void;
  catalogue: Catalogue;
  headingOrder: 3;
  disabled: boolean;
  /** The editor's empty column speaks of the group's selection, not of a plan. */
  scope: 'group';
}

/**
 * A group's bulk dialog over a catalogue (supports, trainings): the plan components' editor once
 * the catalogue has loaded; Save sends the entries for every member's open plan, or for those who
 * have one when the others are skipped (`send`).
 */
export function BulkCatalogueModal<Entry, Catalogue>({
  group,
  opened,
  onClose,
  skip,
  title,
  catalogue,
  send,
  editor,
}: BulkModalProps & {
  title: string;
  catalogue: Catalogue | undefined;
  send: (entries: Entry[], skip: boolean) => Promise<unknown>;
  editor: (props: BulkEditorProps<Entry, Catalogue>) => ReactNode;
}) {
  const { t } = useTranslation('groups');
  const draft = useBulkDraft<Entry>(send, onClose, skip);

  return (
    <BulkModal
      opened={opened}
      groupId={group.group_id}
      groupName={group.name}
      title={title}
      ready={draft.ready}
      saving={draft.saving}
      skip={draft.skip}
      onClose={draft.requestClose}
      onSave={draft.save}
      discard={draft.discard}
    >
      {catalogue ? (
        editor({
          entries: draft.entries,
          onChange: draft.setEntries,
          catalogue,
          headingOrder: 3,
          disabled: draft.saving,
          scope: 'group',
        })
      ) : (
        <Center py="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      )}
    </BulkModal>
  );
}
