import type { Client } from '@cairn/shared/clients.schemas';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { DeleteModal } from '../../../../components/delete-modal.tsx';
import { EditDeleteActions } from '../../../../components/edit-delete-actions.tsx';
import { useDeleteClient } from '../../api/client-profile-mutations.ts';
import type { ClientSection } from './client-sections.ts';
import { ClientSectionForm } from './client-section-form.tsx';
import { ClientSectionView } from './client-section-view.tsx';

export interface ClientSectionPanelProps {
  client: Client;
  section: ClientSection;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
  onDirtyChange: (dirty: boolean) => void;
}

/** One of the Client, Demographic and Ancestry tabs: view with Edit (and Delete on Client), or edit. */
export function ClientSectionPanel({
  client,
  section,
  editing,
  onEditingChange,
  onDirtyChange,
}: ClientSectionPanelProps) {
  const { t } = useTranslation('clients');
  const remove = useDeleteClient(client.client_id);
  const [deleting, deleteModal] = useDisclosure(false);

  if (editing) {
    return (
      <ClientSectionForm
        client={client}
        section={section}
        onDone={() => onEditingChange(false)}
        onDirtyChange={onDirtyChange}
      />
    );
  }

  return (
    <>
      <EditDeleteActions
        justify="flex-end"
        mb="md"
        onEdit={() => onEditingChange(true)}
        // Spec §2: only the Client tab offers Delete.
        onDelete={section === 'client' ? deleteModal.open : undefined}
      />
      <ClientSectionView client={client} section={section} />
      {section === 'client' && (
        <DeleteModal
          opened={deleting}
          onClose={deleteModal.close}
          onConfirm={() => remove.mutate(undefined, { onError: deleteModal.close })}
          title={t('profile.delete.title')}
          message={t('profile.delete.message', { name: client.full_name })}
          // Removes a person's whole record: the user types DELETE first.
          hardConfirm
          loading={remove.isPending}
        />
      )}
    </>
  );
}
