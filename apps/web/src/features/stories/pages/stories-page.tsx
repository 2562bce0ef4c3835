import { Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { ClientPageLayout } from '../../../components/client-side-menu/client-page-layout.tsx';
import { useClient } from '../../../lib/client-queries.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useDraftedRecord } from '../../../lib/use-form-draft.ts';
import { useStories } from '../api/story-queries.ts';
import { StoryCard } from '../components/story-card.tsx';
import { StoryForm } from '../components/story-form.tsx';
import { ContextHelpLink } from '../../../components/context-help-link.tsx';

/** /client/{clientId}/stories: spec §2 Success stories, with the side menu beside them. */
export function StoriesPage() {
  const { clientId } = useParams();
  const id = Number(clientId);
  if (!/^\d+$/.test(clientId ?? '') || !Number.isSafeInteger(id) || id <= 0)
    return <Navigate to="/404" replace />;
  // A fresh page per client: leaving one client's stories for another's drops an open form.
  return <Stories key={id} clientId={id} />;
}

/** Which story the form is open for: a new one, one being edited, or none. */
type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'edit'; storyId: number };

function Stories({ clientId }: { clientId: number }) {
  const { t } = useTranslation('stories');
  usePageTitle(t('title'));
  const { data: client } = useClient(clientId);
  const { data: stories } = useStories(clientId);
  // A story typed before the session ended opens again with its draft.
  const drafted = useDraftedRecord('story');
  const [editing, setEditing] = useState<Editing>(
    drafted === null
      ? { kind: 'none' }
      : drafted === 'new'
        ? { kind: 'new' }
        : { kind: 'edit', storyId: drafted },
  );
  const close = () => setEditing({ kind: 'none' });

  return (
    <ClientPageLayout menu={{ clientId }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Group gap={4} wrap="nowrap">
              <Title order={1}>{t('title')}</Title>
              <ContextHelpLink article="client-management/success-stories" />
            </Group>
            {client && <Text c="dimmed">{client.full_name}</Text>}
          </div>
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setEditing({ kind: 'new' })}
            disabled={editing.kind !== 'none'}
          >
            {t('newStory')}
          </Button>
        </Group>
        {editing.kind === 'new' && (
          <Paper withBorder p="md">
            <StoryForm clientId={clientId} onDone={close} />
          </Paper>
        )}
        {!stories ? (
          <Center py="xl">
            <Loader aria-label={t('loading')} />
          </Center>
        ) : stories.length === 0 ? (
          editing.kind !== 'new' && <Text c="dimmed">{t('empty')}</Text>
        ) : (
          <Stack gap="md">
            {stories.map((story) =>
              editing.kind === 'edit' && editing.storyId === story.story_id ? (
                <Paper key={story.story_id} withBorder p="md">
                  <StoryForm clientId={clientId} story={story} onDone={close} />
                </Paper>
              ) : (
                <StoryCard
                  key={story.story_id}
                  story={story}
                  onEdit={() => setEditing({ kind: 'edit', storyId: story.story_id })}
                  disabled={editing.kind !== 'none'}
                />
              ),
            )}
          </Stack>
        )}
      </Stack>
    </ClientPageLayout>
  );
}
