import type { Note } from '@cairn/shared/notes.schemas';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../../lib/use-formats.ts';
import { DeleteModal } from '../../../../components/delete-modal.tsx';
import { EditDeleteActions } from '../../../../components/edit-delete-actions.tsx';
import { useDeleteNote } from '../../api/note-mutations.ts';
import { NoteFlagButton } from './note-flag-button.tsx';

/** The detail pane: the chosen note in full, with its flag, Edit and Delete. */
export function NoteDetail({ note, onEdit }: { note: Note; onEdit: () => void }) {
  const { t } = useTranslation('plan-records');
  const fmt = useFormats();
  const remove = useDeleteNote(note.plan_id);
  const [deleting, deleteModal] = useDisclosure(false);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {note.topic}
          </Title>
          <Group gap="xs">
            <Text c="dimmed">{fmt.longDate(note.date)}</Text>
            {note.flag && (
              <Badge color="red" variant="light">
                {t('notes.flagged')}
              </Badge>
            )}
          </Group>
        </div>
        <NoteFlagButton note={note} />
      </Group>
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.notes}</Text>
      <EditDeleteActions onEdit={onEdit} onDelete={deleteModal.open} />
      <DeleteModal
        opened={deleting}
        onClose={deleteModal.close}
        onConfirm={() => remove.mutate(note.note_id, { onSettled: deleteModal.close })}
        title={t('notes.delete.title')}
        message={t('notes.delete.message', { topic: note.topic })}
        loading={remove.isPending}
      />
    </Stack>
  );
}
