import '@mantine/charts/styles.css';
import { Alert, Box, Button, Center, Container, Loader, Text, Title } from '@mantine/core';
import { IconClockX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useEmbeddedDashboard } from '../api/reporting-queries.ts';
import { DashboardView } from '../components/dashboard-view.tsx';
import { tellParent } from '../components/embed-messages.ts';
import { LABEL_NAMESPACES } from '../components/use-dashboard-labels.ts';

/**
 * /embed/dashboard/:token (issue 12): one dashboard drawn from the data its signed token opens,
 * with no sign-in (the token is the credential), framed by the reports screen or opened alone.
 * It tells the frame its height, and when the token is refused it says so and tells the frame,
 * which asks for a new link. A tampered, foreign or expired token is refused alike, so the page
 * says the link is invalid or has expired, never which.
 */
export function EmbedDashboardPage() {
  const { t } = useTranslation(LABEL_NAMESPACES);
  const token = useParams().token ?? '';
  const dashboard = useEmbeddedDashboard(token);
  const expired = dashboard.error instanceof ApiError && dashboard.error.status === 401;
  usePageTitle(dashboard.data ? t(`reports:dashboards.${dashboard.data.dashboard}`) : t('reports:title'));

  useEffect(() => {
    if (expired) tellParent({ type: 'cairn:dashboard-expired' });
  }, [expired]);

  // The frame grows to the dashboard's height, so the reports screen scrolls once.
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = root.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      tellParent({ type: 'cairn:dashboard-height', height: element.getBoundingClientRect().height }),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <Box ref={root}>
      <Container component="main" size="xl" py="md" px={{ base: 'xs', sm: 'md' }}>
        {dashboard.data ? (
          <DashboardView data={dashboard.data} />
        ) : expired ? (
          <Alert color="yellow" icon={<IconClockX aria-hidden />}>
            <Title order={1} size="h3" mb="xs">
              {t('reports:embed.expiredTitle')}
            </Title>
            <Text>{t('reports:embed.expired')}</Text>
          </Alert>
        ) : dashboard.isError ? (
          <Alert color="red">
            <Title order={1} size="h3" mb="xs">
              {t('reports:embed.failedTitle')}
            </Title>
            <Text mb="sm">{t('reports:embed.failed')}</Text>
            <Button variant="default" onClick={() => void dashboard.refetch()}>
              {t('reports:embed.retry')}
            </Button>
          </Alert>
        ) : (
          <Center py="xl">
            <Loader aria-label={t('reports:embed.loading')} />
          </Center>
        )}
      </Container>
    </Box>
  );
}
