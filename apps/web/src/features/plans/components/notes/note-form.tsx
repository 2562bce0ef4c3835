import { NOTE_LIMITS, type Note } from '@cairn/shared/notes.schemas';
import { Button, Checkbox, Group, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { LeaveConfirm } from '../../../../components/leave-confirm.tsx';
import { fieldErrorsOf } from '../../../../lib/api-errors.ts';
import { useCreateNote, useUpdateNote } from '../../api/note-mutations.ts';
import {
  emptyNoteForm,
  noteBodyOf,
  noteFormSchema,
  noteFormValuesOf,
  type NoteFormValues,
} from './note-form-model.ts';

const validate = schemaResolver(noteFormSchema, { sync: true });

export interface NoteFormProps {
  planId: number;
  /** The note being edited; none for 'New Note'. */
  note?: Note;
  onSaved: (note: Note) => void;
  onCancel: () => void;
}

/** Spec §5 Note: topic, date, notes and flag. A failed save keeps everything typed. */
export function NoteForm({ planId, note, onSaved, onCancel }: NoteFormProps) {
  const { t } = useTranslation('plan-records');
  const create = useCreateNote(planId);
  const update = useUpdateNote(planId);
  const form = useForm<NoteFormValues>({
    mode: 'controlled',
    initialValues: note ? noteFormValuesOf(note) : emptyNoteForm(),
    validate,
  });

  const submit = form.onSubmit(async (values) => {
    const body = noteBodyOf(planId, values);
    let saved: Note;
    try {
      saved = note ? await update.mutateAsync({ id: note.note_id, body }) : await create.mutateAsync(body);
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      return;
    }
    form.resetDirty();
    onSaved(saved);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={2} size="h3">
          {note ? t('notes.form.editTitle') : t('notes.form.newTitle')}
        </Title>
        <TextInput
          label={t('notes.fields.topic')}
          withAsterisk
          maxLength={NOTE_LIMITS.topicMax}
          autoComplete="off"
          {...form.getInputProps('topic')}
        />
        <TextInput type="date" label={t('notes.fields.date')} withAsterisk {...form.getInputProps('date')} />
        <Textarea
          label={t('notes.fields.notes')}
          withAsterisk
          maxLength={NOTE_LIMITS.notesMax}
          autosize
          minRows={5}
          maxRows={16}
          description={t('counter', { count: form.values.notes.length, max: NOTE_LIMITS.notesMax })}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('notes')}
        />
        <Checkbox label={t('notes.fields.flag')} {...form.getInputProps('flag', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={form.submitting}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
      <LeaveConfirm
        when={form.isDirty() && !form.submitting}
        title={t('notes.leave.title')}
        message={t('notes.leave.message')}
      />
    </form>
  );
}
