import { todayIso } from '@cairn/shared/dates';
import { STORY_LIMITS, type Story } from '@cairn/shared/stories.schemas';
import { Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CountedTextarea } from '../../../components/counted-textarea.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { LeaveConfirm } from '../../../components/leave-confirm.tsx';
import { schemaValidator } from '../../../lib/schema-validator.ts';
import { useSaveForm } from '../../../lib/use-save-form.ts';
import { useSaveStory } from '../api/story-mutations.ts';
import {
  emptyStoryForm,
  storyBodyOf,
  storyFormSchema,
  storyFormValuesOf,
  type StoryFormValues,
} from './story-form-model.ts';

const validate = schemaValidator(storyFormSchema);

export interface StoryFormProps {
  clientId: number;
  /** The story being edited; none for 'New Story'. */
  story?: Story;
  onDone: () => void;
}

/** Spec §5 Story: a date not in the future and the write-up. A failed save keeps everything typed. */
export function StoryForm({ clientId, story, onDone }: StoryFormProps) {
  const { t } = useTranslation('stories');
  const saveStory = useSaveStory(clientId);
  const { form, submit } = useSaveForm<StoryFormValues, Story>({
    initialValues: story ? storyFormValuesOf(story) : emptyStoryForm(),
    draft: { form: 'story', record: story?.story_id },
    validate,
    save: (values) => saveStory(story?.story_id, storyBodyOf(clientId, values)),
    onSaved: () => onDone(),
  });

  return (
    <form onSubmit={submit} noValidate aria-label={story ? t('form.editTitle') : t('form.newTitle')}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {story ? t('form.editTitle') : t('form.newTitle')}
        </Title>
        <TextInput
          type="date"
          label={t('fields.date')}
          withAsterisk
          max={todayIso()}
          maw={240}
          {...form.getInputProps('date')}
        />
        <CountedTextarea
          label={t('fields.writeup')}
          withAsterisk
          maxLength={STORY_LIMITS.writeupMax}
          minRows={5}
          maxRows={20}
          {...form.getInputProps('writeup')}
        />
        <FormActions submitting={form.submitting} onCancel={onDone} />
      </Stack>
      <LeaveConfirm
        when={form.isDirty() && !form.submitting}
        title={t('leave.title')}
        message={t('leave.message')}
      />
    </form>
  );
}
