import { todayIso } from '@cairn/shared/dates';
import { STORY_LIMITS, type Story } from '@cairn/shared/stories.schemas';
import { Button, Group, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { LeaveConfirm } from '../../../components/leave-confirm.tsx';
import { fieldErrorsOf } from '../../../lib/api-errors.ts';
import { useCreateStory, useUpdateStory } from '../api/story-mutations.ts';
import {
  emptyStoryForm,
  storyBodyOf,
  storyFormSchema,
  storyFormValuesOf,
  type StoryFormValues,
} from './story-form-model.ts';

const validate = schemaResolver(storyFormSchema, { sync: true });

export interface StoryFormProps {
  clientId: number;
  /** The story being edited; none for 'New Story'. */
  story?: Story;
  onDone: () => void;
}

/** Spec §5 Story: a date not in the future and the write-up. A failed save keeps everything typed. */
export function StoryForm({ clientId, story, onDone }: StoryFormProps) {
  const { t } = useTranslation('stories');
  const create = useCreateStory(clientId);
  const update = useUpdateStory(clientId);
  const form = useForm<StoryFormValues>({
    mode: 'controlled',
    initialValues: story ? storyFormValuesOf(story) : emptyStoryForm(),
    validate,
  });

  const submit = form.onSubmit(async (values) => {
    const body = storyBodyOf(clientId, values);
    try {
      if (story) await update.mutateAsync({ id: story.story_id, body });
      else await create.mutateAsync(body);
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      return;
    }
    form.resetDirty();
    onDone();
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
        <Textarea
          label={t('fields.writeup')}
          withAsterisk
          maxLength={STORY_LIMITS.writeupMax}
          autosize
          minRows={5}
          maxRows={20}
          description={t('counter', { count: form.values.writeup.length, max: STORY_LIMITS.writeupMax })}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('writeup')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={form.submitting}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
      <LeaveConfirm
        when={form.isDirty() && !form.submitting}
        title={t('leave.title')}
        message={t('leave.message')}
      />
    </form>
  );
}
