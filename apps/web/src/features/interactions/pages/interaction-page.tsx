import { Container, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { InteractionForm } from '../../../components/interaction-modal/interaction-form.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';

/**
 * /interaction: the interaction form as a page, for small screens where a modal is cramped.
 * After each recording it clears for the next client, keeping the date.
 */
export function InteractionPage() {
  const { t } = useTranslation('interactions');
  usePageTitle(t('title'));
  return (
    <Container size="xs" py="lg">
      <Title order={1} mb="xs">
        {t('title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('page.intro')}
      </Text>
      <Paper withBorder p="lg">
        <InteractionForm resetAfterRecording />
      </Paper>
    </Container>
  );
}
