import { NOTE_LIMITS, type Note } from '@cairn/shared/notes.schemas';
import { Checkbox, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CountedTextarea } from '../../../../components/counted-textarea.tsx';
import { FormActions } from '../../../../components/form-actions.tsx';
import { LeaveConfirm } from '../../../../components/leave-confirm.tsx';
import { schemaValidator } from '../../../../lib/schema-validator.ts';
import { useOpenedHeadingFocus } from '../../../../lib/use-step-heading-focus.ts';
import { useSaveForm } from '../../../../lib/use-save-form.ts';
import { useSaveNote } from '../../api/note-mutations.ts';
import {
  emptyNoteForm,
  noteBodyOf,
  noteFormSchema,
  noteFormValuesOf,
  type NoteFormValues,
} from './note-form-model.ts';

const validate = schemaValidator(noteFormSchema);

export interface NoteFormProps {
  planId: number;
  /** The note being edited; none for 'New Note'. */
  note?: Note;
  onSaved: (note: Note) => void;
  onCancel: () => void;
  /** Whether there are unsaved changes, so leaving the form can ask first. */
  onDirtyChange: (dirty: boolean) => void;
}

/** Spec §5 Note: topic, date, notes and flag. A failed save keeps everything typed. */
export function NoteForm({ planId, note, onSaved, onCancel, onDirtyChange }: NoteFormProps) {
  const { t } = useTranslation('plan-records');
  const saveNote = useSaveNote(planId);
  const { form, submit } = useSaveForm<NoteFormValues, Note>({
    initialValues: note ? noteFormValuesOf(note) : emptyNoteForm(),
    draft: { form: 'note', record: note?.note_id },
    validate,
    save: (values) => saveNote(note?.note_id, noteBodyOf(planId, values)),
    onSaved: onSaved,
    onDirtyChange,
  });
  // On a phone the form opens below the notes: focus and sight go to it.
  const headingRef = useOpenedHeadingFocus();

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={2} size="h3" ref={headingRef} tabIndex={-1}>
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
        <CountedTextarea
          label={t('notes.fields.notes')}
          withAsterisk
          maxLength={NOTE_LIMITS.notesMax}
          minRows={5}
          maxRows={16}
          {...form.getInputProps('notes')}
        />
        <Checkbox label={t('notes.fields.flag')} {...form.getInputProps('flag', { type: 'checkbox' })} />
        <FormActions submitting={form.submitting} onCancel={onCancel} />
      </Stack>
      <LeaveConfirm
        when={form.isDirty() && !form.submitting}
        title={t('notes.leave.title')}
        message={t('notes.leave.message')}
      />
    </form>
  );
}
