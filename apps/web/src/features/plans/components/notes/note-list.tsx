import type { Note } from '@cairn/shared/notes.schemas';
import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../../lib/use-formats.ts';
import { NoteFlagButton } from './note-flag-button.tsx';

export interface NoteListProps {
  notes: readonly Note[];
  selectedId: number | null;
  onSelect: (noteId: number) => void;
}

/** The notes as the server orders them: newest first, flagged first within a day. */
export function NoteList({ notes, selectedId, onSelect }: NoteListProps) {
  const { t } = useTranslation('plan-records');
  const fmt = useFormats();
  return (
    <Stack
      component="ul"
      gap="xs"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('notes.listLabel')}
    >
      {notes.map((note) => {
        const selected = note.note_id === selectedId;
        return (
          <Paper
            component="li"
            key={note.note_id}
            withBorder
            p="xs"
            bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
          >
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <UnstyledButton
                onClick={() => onSelect(note.note_id)}
                aria-current={selected || undefined}
                style={{ flex: 1, minWidth: 0 }}
              >
                <Text fw={600} truncate="end">
                  {note.topic}
                </Text>
                <Text size="sm" c="dimmed">
                  {fmt.longDate(note.date)}
                </Text>
                <Text size="sm" lineClamp={2}>
                  {note.notes}
                </Text>
              </UnstyledButton>
              <NoteFlagButton note={note} />
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
