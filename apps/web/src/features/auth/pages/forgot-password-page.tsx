import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { requestResetBodySchema, type RequestResetResponse } from '@cairn/shared/auth.schemas';
import { LIMITS } from '@cairn/shared/limits';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fieldErrorsOf } from '../../../lib/api-errors.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { schemaValidator } from '../../../lib/schema-validator.ts';
import { useRequestReset } from '../api/use-request-reset.ts';
import { AuthShell } from '../components/auth-shell.tsx';
import { ResetLinkSent } from '../components/reset-link-sent.tsx';

interface Sent {
  email: string;
  response: RequestResetResponse;
}

/**
 * Spec §2 Forgot password. The answer never says whether the account exists. Spec §8 shows no
 * failure message: a failed call leaves the form as it was, ready to try again.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('forgot.pageTitle'));
  const requestReset = useRequestReset();
  const [sent, setSent] = useState<Sent | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaValidator(requestResetBodySchema),
  });

  const submit = form.onSubmit(({ email }) => {
    const trimmed = email.trim();
    requestReset.mutate(trimmed, {
      onSuccess: (response) => setSent({ email: trimmed, response }),
      onError(error) {
        const fieldError = fieldErrorsOf(error).email;
        if (fieldError) form.setFieldError('email', fieldError);
      },
    });
  });

  const backToLogin = (
    <Group justify="center">
      <Anchor component={Link} to="/login" size="sm">
        <Group gap={4} component="span" wrap="nowrap">
          <IconArrowLeft size={14} aria-hidden />
          {t('forgot.backToLogin')}
        </Group>
      </Anchor>
    </Group>
  );

  if (sent) {
    const demo =
      sent.response.token && sent.response.id != null
        ? { token: sent.response.token, id: sent.response.id }
        : null;
    return (
      <AuthShell heading={t('forgot.sentHeading')}>
        <Stack gap="lg">
          <ResetLinkSent email={sent.email} demoLink={demo} />
          {backToLogin}
        </Stack>
      </AuthShell>
    );
  }

  return (
    <AuthShell heading={t('forgot.heading')}>
      <form onSubmit={submit} noValidate aria-label={t('forgot.heading')}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('forgot.intro')}
          </Text>
          <TextInput
            label={t('forgot.email')}
            type="email"
            autoComplete="username"
            maxLength={LIMITS.login.emailMax}
            required
            withAsterisk={false}
            autoFocus
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Button type="submit" fullWidth loading={requestReset.isPending}>
            {t('forgot.submit')}
          </Button>
          {backToLogin}
        </Stack>
      </form>
    </AuthShell>
  );
}
