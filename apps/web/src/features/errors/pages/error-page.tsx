import { Anchor, Button, Collapse, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconHome } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { failedRequest, navigationTrail } from '../../../lib/failed-request.ts';
import { useLandingPath } from '../../../lib/landing.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useSupportEmail } from '../../../lib/support-contact.ts';
import { ErrorLog } from '../components/error-log.tsx';
import { buildErrorReport, reportRows, reportText } from '../components/error-report.ts';

/** Spec §2 Error page (/404): reached by an unknown address or a failed data call (5xx, network). */
export function ErrorPage() {
  const { t } = useTranslation('errors');
  usePageTitle(t('pageTitle'));
  // Home is the role's landing screen: the clients page would refuse a Reporter.
  const home = useLandingPath();
  const logId = useId();
  const [logOpen, log] = useDisclosure(false);
  // Taken once: the report describes the failure that brought the user here.
  const [report] = useState(() =>
    buildErrorReport({
      previousUrl: navigationTrail.previous(),
      request: failedRequest.get(),
      now: new Date(),
      userAgent: navigator.userAgent,
    }),
  );
  // A later visit to this page (say, an unknown address) must not show this failure again.
  useEffect(() => () => failedRequest.clear(), []);

  const rows = reportRows(report, t);
  const supportEmail = useSupportEmail();
  const mailto = `mailto:${supportEmail}?${new URLSearchParams({
    subject: t('supportSubject'),
    body: reportText(rows),
  })
    .toString()
    .replace(/\+/g, '%20')}`;

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('heading')}</Title>
        <Text size="lg">{t('text')}</Text>
        {supportEmail && (
          <Text>
            <Trans
              t={t}
              i18nKey="support"
              values={{ email: supportEmail }}
              components={{ mail: <Anchor href={mailto} data-testid="support-link" /> }}
            />
          </Text>
        )}
        <Group>
          <Button component={Link} to={home} leftSection={<IconHome size={16} aria-hidden />}>
            {t('backHome')}
          </Button>
          <Button
            variant="default"
            onClick={log.toggle}
            aria-expanded={logOpen}
            aria-controls={logId}
            rightSection={
              logOpen ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />
            }
          >
            {logOpen ? t('hideLog') : t('showLog')}
          </Button>
        </Group>
        <Collapse id={logId} expanded={logOpen}>
          <ErrorLog rows={rows} />
        </Collapse>
      </Stack>
    </Container>
  );
}
