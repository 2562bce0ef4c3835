import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { PASSWORD_RULES } from '@cairn/shared/password';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §5 new-password rules as a checklist that ticks while the user types. */
export function PasswordRequirements({ password }: { password: string }) {
  const { t } = useTranslation('common');
  const headingId = useId();
  return (
    <div>
      <Text id={headingId} size="sm" fw={600} mb={4}>
        {t('password.requirements')}
      </Text>
      <List spacing={4} size="sm" center aria-labelledby={headingId} data-testid="password-requirements">
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(password);
          return (
            <List.Item
              key={rule.key}
              data-rule={rule.key}
              data-met={met}
              icon={
                <ThemeIcon
                  color={met ? 'green' : 'gray'}
                  variant={met ? 'filled' : 'light'}
                  size={18}
                  radius="xl"
                >
                  {met ? <IconCheck size={12} aria-hidden /> : <IconX size={12} aria-hidden />}
                </ThemeIcon>
              }
            >
              <Text span size="sm" c={met ? undefined : 'dimmed'}>
                {t(`password.rules.${rule.key}`, { defaultValue: rule.label })}
              </Text>
              <VisuallyHidden>{`: ${met ? t('password.met') : t('password.notMet')}`}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
