import type { Group } from '@cairn/shared/groups.schemas';
import { DataList } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { DeleteModal } from '../../../components/delete-modal.tsx';
import { EditDeleteActions } from '../../../components/edit-delete-actions.tsx';
import { useFormats } from '../../../lib/use-formats.ts';
import { useDeleteGroup } from '../api/group-mutations.ts';
import { GroupDetailsForm } from './group-details-form.tsx';

export interface GroupDetailsTabProps {
  group: Group;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
  onDirtyChange: (dirty: boolean) => void;
}

/** Spec §2 Group Details tab: Description and Date Created, with Edit and Delete ('Delete Group'). */
export function GroupDetailsTab({ group, editing, onEditingChange, onDirtyChange }: GroupDetailsTabProps) {
  const { t } = useTranslation('groups');
  const fmt = useFormats();
  const remove = useDeleteGroup(group.group_id);
  const [deleting, deleteModal] = useDisclosure(false);

  if (editing) {
    return (
      <GroupDetailsForm group={group} onDone={() => onEditingChange(false)} onDirtyChange={onDirtyChange} />
    );
  }

  return (
    <>
      <EditDeleteActions
        justify="flex-end"
        mb="md"
        onEdit={() => onEditingChange(true)}
        onDelete={deleteModal.open}
      />
      <DataList withDivider size="md" labelWidth={140}>
        <DataList.Item>
          <DataList.ItemLabel>{t('profile.description')}</DataList.ItemLabel>
          <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>
            {group.description ?? t('profile.noDescription')}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('profile.created')}</DataList.ItemLabel>
          <DataList.ItemValue>{fmt.longDateTime(group.created_at)}</DataList.ItemValue>
        </DataList.Item>
      </DataList>
      <DeleteModal
        opened={deleting}
        onClose={deleteModal.close}
        onConfirm={() => remove.mutate(undefined, { onError: deleteModal.close })}
        title={t('profile.delete.title')}
        message={t('profile.delete.message', { name: group.name })}
        loading={remove.isPending}
      />
    </>
  );
}
