import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { loginBodySchema, type LoginBody } from '@cairn/shared/auth.schemas';
import { LIMITS } from '@cairn/shared/limits';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title.ts';
import { schemaValidator } from '../../../lib/schema-validator.ts';
import { loginErrorMessage } from '../api/auth-error-message.ts';
import { useLogin } from '../api/use-login.ts';
import { AuthShell } from '../components/auth-shell.tsx';

/** Spec §2 Login. On success the login route guard sends the user to their landing page. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('login.pageTitle'));
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LoginBody>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: schemaValidator(loginBodySchema),
  });

  const submit = form.onSubmit((values) => {
    setFailure(null);
    login.mutate(
      { email: values.email.trim(), password: values.password },
      {
        // Shown once, beside the form (spec §4: failure shows an error and stays), not as a toast too.
        onError: (error) => setFailure(loginErrorMessage(error, t)),
      },
    );
  });

  return (
    <AuthShell heading={t('login.heading')}>
      <form onSubmit={submit} noValidate aria-label={t('login.heading')}>
        <Stack gap="md">
          {failure && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle aria-hidden />}
              data-testid="login-error"
            >
              {failure}
            </Alert>
          )}
          <TextInput
            label={t('login.email')}
            type="email"
            autoComplete="username"
            maxLength={LIMITS.login.emailMax}
            required
            withAsterisk={false}
            autoFocus
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            visibilityToggleButtonProps={{ 'aria-label': t('common:password.show') }}
            maxLength={LIMITS.login.passwordMax}
            required
            withAsterisk={false}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth loading={login.isPending}>
            {t('login.submit')}
          </Button>
          <Group justify="center">
            <Anchor component={Link} to="/login/forgot" size="sm">
              {t('login.forgot')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthShell>
  );
}
