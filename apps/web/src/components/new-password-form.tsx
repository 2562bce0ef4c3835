import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LIMITS } from '@cairn/shared/limits';
import { newPasswordFormSchema } from '@cairn/shared/password';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaValidator } from '../lib/schema-validator.ts';
import { PasswordRequirements } from './password-requirements.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

export interface NewPasswordFormProps {
  onSubmit: (password: string) => void;
  submitLabel: string;
  loading?: boolean;
  /** A failure the caller wants shown above the button. */
  error?: ReactNode;
  /** Extra buttons left of the submit button (e.g. Cancel in a modal). */
  secondaryAction?: ReactNode;
}

/** New password and confirmation with the spec §5 checklist and strength bar (Set New Password, Change Password). */
export function NewPasswordForm({
  onSubmit,
  submitLabel,
  loading = false,
  error,
  secondaryAction,
}: NewPasswordFormProps) {
  const { t } = useTranslation('common');
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirm: '' },
    validate: schemaValidator(newPasswordFormSchema),
  });

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(values.password))} noValidate>
      <Stack gap="md">
        <PasswordRequirements password={form.values.password} />
        <PasswordInput
          label={t('password.new')}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': t('password.show') }}
          maxLength={LIMITS.password.max}
          required
          withAsterisk={false}
          data-autofocus
          {...form.getInputProps('password')}
        />
        <PasswordStrengthMeter password={form.values.password} />
        <PasswordInput
          label={t('password.confirm')}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': t('password.show') }}
          maxLength={LIMITS.password.max}
          required
          withAsterisk={false}
          {...form.getInputProps('confirm')}
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          {secondaryAction}
          <Button type="submit" loading={loading}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
