import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLandingPath } from '../../../lib/landing.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import type { Refusal } from '../../../lib/refused-page.ts';

/**
 * Shown in place of a screen that is not there for this user: a record that does not exist or is
 * another centre's, or a screen their role may not open. Not the error page: nothing failed.
 */
export function RefusedPage({ refusal }: { refusal: Refusal }) {
  const { t } = useTranslation('errors');
  const home = useLandingPath();
  const words = {
    notFound: { title: t('notFound.pageTitle'), heading: t('notFound.heading'), text: t('notFound.text') },
    noAccess: { title: t('noAccess.pageTitle'), heading: t('noAccess.heading'), text: t('noAccess.text') },
  }[refusal];
  usePageTitle(words.title);
  return (
    <Container size="md" py="xl" data-testid="refused-page">
      <Stack gap="lg" align="flex-start">
        <Title order={1}>{words.heading}</Title>
        <Text size="lg">{words.text}</Text>
        <Button component={Link} to={home} leftSection={<IconHome size={16} aria-hidden />}>
          {t('backHome')}
        </Button>
      </Stack>
    </Container>
  );
}
