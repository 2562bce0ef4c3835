import type { Plan } from '@cairn/shared/plans.schemas';
import { Button, Center, Grid, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotes } from '../../api/note-queries.ts';
import { NoteDetail } from './note-detail.tsx';
import { NoteForm } from './note-form.tsx';
import { searchNotes } from './note-form-model.ts';
import { NoteList } from './note-list.tsx';

type Mode = 'view' | 'new' | 'edit';

/** Spec §2 Plan profile, Notes: a searchable list, the chosen note beside it, and New Note. */
export function NotesTab({ plan }: { plan: Plan }) {
  const { t } = useTranslation('plan-records');
  const { data: notes } = useNotes(plan.plan_id);
  const [query, setQuery] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [mode, setMode] = useState<Mode>('view');
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
  const toView = () => setMode('view');

  let pane;
  if (mode === 'new') {
    pane = (
      <NoteForm
        planId={plan.plan_id}
        onSaved={(note) => {
          setSelectedId(note.note_id);
          setQuery('');
          toView();
        }}
        onCancel={toView}
      />
    );
  } else if (mode === 'edit' && selected) {
    pane = (
      <NoteForm
        key={selected.note_id}
        planId={plan.plan_id}
        note={selected}
        onSaved={toView}
        onCancel={toView}
      />
    );
  } else if (selected) {
    pane = <NoteDetail note={selected} onEdit={() => setMode('edit')} />;
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
          onClick={() => setMode('new')}
          disabled={mode === 'new'}
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
              selectedId={selected?.note_id ?? null}
              onSelect={(id) => {
                setSelectedId(id);
                toView();
              }}
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
    </Stack>
  );
}
