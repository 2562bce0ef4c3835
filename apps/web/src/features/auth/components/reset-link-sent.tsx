import { Alert, Anchor, Badge, Stack, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface ResetLinkSentProps {
  email: string;
  /** Present only when the server runs in demo mode (spec §2: the demo-only reset link). */
  demoLink?: { token: string; id: number } | null;
}

/** The 'Check your inbox' state of Forgot password. */
export function ResetLinkSent({ email, demoLink }: ResetLinkSentProps) {
  const { t } = useTranslation('auth');
  const href = demoLink
    ? `/login/reset-password?${new URLSearchParams({ token: demoLink.token, id: String(demoLink.id) }).toString()}`
    : null;
  return (
    <Stack gap="md" role="status">
      <Alert color="green" variant="light" icon={<IconMailCheck aria-hidden />}>
        {t('forgot.sentText', { email })}
      </Alert>
      {href && (
        <Alert color="yellow" variant="outline" title={<Badge color="yellow">{t('forgot.demoLabel')}</Badge>}>
          <Text size="sm" mb="xs">
            {t('forgot.demoText')}
          </Text>
          <Anchor component={Link} to={href} fw={600} data-testid="demo-reset-link">
            {t('forgot.demoLink')}
          </Anchor>
        </Alert>
      )}
    </Stack>
  );
}
