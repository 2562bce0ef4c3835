import { Button, Group, type GroupProps } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface EditDeleteActionsProps extends GroupProps {
  onEdit: () => void;
  /** Opens the delete modal; without it only Edit is offered. */
  onDelete?: () => void;
}

/** Edit and Delete beside a record in view mode; Delete opens a confirmation dialog. */
export function EditDeleteActions({ onEdit, onDelete, ...group }: EditDeleteActionsProps) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" {...group}>
      <Button variant="default" leftSection={<IconPencil size={18} aria-hidden />} onClick={onEdit}>
        {t('actions.edit')}
      </Button>
      {onDelete && (
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={onDelete}
          aria-haspopup="dialog"
        >
          {t('actions.delete')}
        </Button>
      )}
    </Group>
  );
}
