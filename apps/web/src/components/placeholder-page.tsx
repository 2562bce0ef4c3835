import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../lib/page-title.ts';

/** A screen whose capability is not built yet: its title and a plain sentence, nothing more. */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('common');
  const title = t(titleKey);
  usePageTitle(title);
  return (
    <Container size="lg" py="xl">
      <Title order={1}>{title}</Title>
      <Text c="dimmed" mt="md">
        {t('placeholder.notYet')}
      </Text>
    </Container>
  );
}
