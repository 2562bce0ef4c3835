import type { Plan } from '@cairn/shared/plans.schemas';
import { Button, Center, Grid, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DiscardChangesModal } from '../../../../components/discard-changes-modal.tsx';
import { useDiscardGuard } from '../../../../lib/use-discard-guard.ts';
import { useDraftedRecord } from '../../../../lib/use-form-draft.ts';
import { useNotes } from '../../api/note-queries.ts';
import { NoteDetail } from './note-detail.tsx';
import { NoteForm } from './note-form.tsx';
import { searchNotes } from './note-form-model.ts';
import { NoteList } from './note-list.tsx';

type Mode = { kind: 'view' } | { kind: 'new' } | { kind: 'edit'; noteId: number };

export interface NotesTabProps {
  plan: Plan;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * Spec §2 Plan profile, Notes: a searchable list, the chosen note beside it, and New Note.
 * Leaving a form with unsaved changes (Cancel, another note, New Note) asks first.
 */
export function NotesTab({ plan, onDirtyChange }: NotesTabProps) {
  const { t } = useTranslation('plan-records');
  const { data: notes } = useNotes(plan.plan_id);
  const [query, setQuery] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  // A note typed before the session ended opens again with its draft.
  const drafted = useDraftedRecord('note');
  const [mode, setMode] = useState<Mode>(
    drafted === null
      ? { kind: 'view' }
      : drafted === 'new'
        ? { kind: 'new' }
        : { kind: 'edit', noteId: drafted },
  );
  const unsaved = useDiscardGuard(onDirtyChange);
  const visible = useMemo(() => searchNotes(notes ?? [], query), [notes, query]);

  if (!notes) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label={t('loading')} />
      </Center>
    );
  }

  // The chosen note while the search still shows it; otherwise the first one listed.
  const selected = visible.find((n) => n.note_id === selectedId) ?? visible[0] ?? null;
  // The note being edited stays in the pane whatever the search shows, so no typing is lost.
  const edited = mode.kind === 'edit' ? notes.find((n) => n.note_id === mode.noteId) : undefined;
  const toView = () => setMode({ kind: 'view' });

  let pane;
  if (mode.kind === 'new') {
    pane = (
      <NoteForm
        planId={plan.plan_id}
        onSaved={(note) => {
          setSelectedId(note.note_id);
          setQuery('');
          toView();
        }}
        onCancel={() => unsaved.leave(toView)}
        onDirtyChange={unsaved.onDirtyChange}
      />
    );
  } else if (edited) {
    pane = (
      <NoteForm
        key={edited.note_id}
        planId={plan.plan_id}
        note={edited}
        onSaved={toView}
        onCancel={() => unsaved.leave(toView)}
        onDirtyChange={unsaved.onDirtyChange}
      />
    );
  } else if (selected) {
    pane = (
      <NoteDetail
        note={selected}
        onEdit={() => {
          setSelectedId(selected.note_id);
          setMode({ kind: 'edit', noteId: selected.note_id });
        }}
      />
    );
  } else {
    pane = null;
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t('notes.search')}
          placeholder={t('notes.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
          disabled={notes.length === 0}
        />
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => unsaved.leave(() => setMode({ kind: 'new' }))}
          disabled={mode.kind === 'new'}
        >
          {t('notes.newNote')}
        </Button>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          {notes.length === 0 ? (
            <Text c="dimmed">{t('notes.empty')}</Text>
          ) : visible.length === 0 ? (
            <Text c="dimmed" role="status">
              {t('notes.noResults')}
            </Text>
          ) : (
            <NoteList
              notes={visible}
              selectedId={(edited ?? selected)?.note_id ?? null}
              onSelect={(id) =>
                unsaved.leave(() => {
                  setSelectedId(id);
                  toView();
                })
              }
            />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {pane && (
            <Paper withBorder p="md">
              {pane}
            </Paper>
          )}
        </Grid.Col>
      </Grid>
      <DiscardChangesModal {...unsaved.discard} />
    </Stack>
  );
}
