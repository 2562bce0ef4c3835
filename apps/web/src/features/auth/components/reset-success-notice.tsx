import { Alert, Button, Stack } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * Spec §2 Reset password, last state: the password was changed, or, at the end of an
 * invitation, set for the first time.
 */
export function ResetSuccessNotice({ purpose }: { purpose: 'reset' | 'invite' }) {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="lg">
      <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
        {purpose === 'invite' ? t('reset.inviteSuccessText') : t('reset.successText')}
      </Alert>
      <Button component={Link} to="/login" fullWidth>
        {t('reset.goToLogin')}
      </Button>
    </Stack>
  );
}
