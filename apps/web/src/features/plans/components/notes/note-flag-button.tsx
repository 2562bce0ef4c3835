import type { Note } from '@cairn/shared/notes.schemas';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconFlag, IconFlagFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUpdateNote } from '../../api/note-mutations.ts';
import { flagToggledBodyOf } from './note-form-model.ts';

/** Turns a note's flag on or off in one click; flagged notes come first among notes of their day. */
export function NoteFlagButton({ note }: { note: Note }) {
  const { t } = useTranslation('plan-records');
  const update = useUpdateNote(note.plan_id);
  const label = t('notes.flag', { topic: note.topic });
  return (
    <Tooltip label={note.flag ? t('notes.unflag', { topic: note.topic }) : label}>
      <ActionIcon
        variant={note.flag ? 'filled' : 'subtle'}
        color={note.flag ? 'red.8' : 'gray.7'}
        aria-label={label}
        aria-pressed={note.flag}
        loading={update.isPending}
        onClick={() => update.mutate({ id: note.note_id, body: flagToggledBodyOf(note) })}
      >
        {note.flag ? <IconFlagFilled size={18} aria-hidden /> : <IconFlag size={18} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}
