import type { Story } from '@cairn/shared/stories.schemas';
import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../lib/use-formats.ts';
import { DeleteModal } from '../../../components/delete-modal.tsx';
import { useDeleteStory } from '../api/story-mutations.ts';

export interface StoryCardProps {
  story: Story;
  onEdit: () => void;
  /** While another story is being written, the buttons wait. */
  disabled?: boolean;
}

/** One success story: its date, the write-up, Edit and Delete. */
export function StoryCard({ story, onEdit, disabled = false }: StoryCardProps) {
  const { t } = useTranslation('stories');
  const fmt = useFormats();
  const remove = useDeleteStory(story.client_id);
  const [deleting, deleteModal] = useDisclosure(false);
  const headingId = useId();
  const date = fmt.longDate(story.date);

  return (
    <Paper component="article" withBorder p="md" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" mb="xs">
        <Title order={2} size="h4" id={headingId}>
          {date}
        </Title>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={onEdit}
            disabled={disabled}
            aria-label={t('editStory', { date })}
          >
            {t('actions.edit')}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={deleteModal.open}
            disabled={disabled}
            aria-haspopup="dialog"
            aria-label={t('deleteStory', { date })}
          >
            {t('actions.delete')}
          </Button>
        </Group>
      </Group>
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{story.writeup}</Text>
      <DeleteModal
        opened={deleting}
        onClose={deleteModal.close}
        onConfirm={() => remove.mutate(story.story_id, { onSettled: deleteModal.close })}
        title={t('delete.title')}
        message={t('delete.message', { date })}
        loading={remove.isPending}
      />
    </Paper>
  );
}
