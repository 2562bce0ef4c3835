import { Alert, Button, Stack } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Spec §2 Reset password, missing or refused token: the exact sentence and a way back. */
export function InvalidLinkNotice() {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="lg">
      <Alert color="red" variant="light" icon={<IconLinkOff aria-hidden />} role="alert">
        {t('reset.invalidText')}
      </Alert>
      <Button component={Link} to="/login" fullWidth>
        {t('reset.returnToLogin')}
      </Button>
    </Stack>
  );
}
