import { Center, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddressQuery } from '../../../lib/use-address-query.ts';
import { NewPasswordForm } from '../../../components/new-password-form.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldErrorsOf } from '../../../lib/api-errors.ts';
import { notify } from '../../../lib/notify.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useCheckReset } from '../api/use-check-reset.ts';
import { useResetPassword } from '../api/use-reset-password.ts';
import { AuthShell } from '../components/auth-shell.tsx';
import { InvalidLinkNotice } from '../components/invalid-link-notice.tsx';
import { ResetSuccessNotice } from '../components/reset-success-notice.tsx';

const ID_PATTERN = /^[1-9]\d{0,15}$/;

/**
 * Spec §2 and §4 Reset password: loading, then an invalid link or the Set New Password form,
 * then success. Also the landing screen of an invitation link (purpose 'invite').
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('reset.pageTitle'));
  const [params] = useAddressQuery();
  const token = params.get('token');
  const rawId = params.get('id');
  const id = rawId && ID_PATTERN.test(rawId) ? rawId : null;
  const wellFormed = Boolean(token && id);

  const check = useCheckReset(wellFormed ? token : null, id);
  const reset = useResetPassword();
  const [refusedOnSubmit, setRefusedOnSubmit] = useState(false);

  if (!wellFormed || check.isError || refusedOnSubmit) {
    return (
      <AuthShell heading={t('reset.invalidHeading')}>
        <InvalidLinkNotice />
      </AuthShell>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthShell heading={t('reset.successHeading')}>
        <ResetSuccessNotice purpose={check.data?.purpose === 'invite' ? 'invite' : 'reset'} />
      </AuthShell>
    );
  }

  if (check.isPending) {
    return (
      <AuthShell heading={t('reset.heading')}>
        <Center py="xl" role="status">
          <Stack align="center" gap="sm">
            <Loader aria-hidden />
            <Text size="sm" c="dimmed">
              {t('reset.checking')}
            </Text>
          </Stack>
        </Center>
      </AuthShell>
    );
  }

  const submit = (password: string) =>
    reset.mutate(
      { password, token: token!, id: Number(id) },
      {
        onError(error) {
          // The link expired or was used while the form was open.
          if (error instanceof ApiError && (error.status === 404 || error.code === 'invalid_reset_link')) {
            setRefusedOnSubmit(true);
          } else {
            notify.error();
          }
        },
      },
    );

  const serverFieldError = fieldErrorsOf(reset.error).password ?? null;

  return (
    <AuthShell heading={t('reset.heading')}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {check.data.purpose === 'invite' ? t('reset.inviteIntro') : t('reset.resetIntro')}
        </Text>
        <NewPasswordForm
          onSubmit={submit}
          submitLabel={t('reset.submit')}
          loading={reset.isPending}
          error={serverFieldError}
        />
      </Stack>
    </AuthShell>
  );
}
