import { Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePasswordStrength } from '../lib/password-strength.ts';

const SCORES = [1, 2, 3, 4, 5] as const;
const COLOURS: Record<number, string> = {
  1: 'var(--mantine-color-red-7)',
  2: 'var(--mantine-color-orange-7)',
  3: 'var(--mantine-color-yellow-7)',
  4: 'var(--mantine-color-teal-7)',
  5: 'var(--mantine-color-green-8)',
};

/** Spec §5 strength bar: a 1–5 score from zxcvbn-ts, drawn as five segments with a text label. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation('common');
  const score = usePasswordStrength(password);
  const label = score ? t(`password.levels.${score}`) : null;
  const text = score ? t('password.strengthValue', { label, score }) : t('password.strengthEmpty');

  return (
    <div>
      <Group
        gap={4}
        grow
        role="meter"
        aria-label={t('password.strength')}
        aria-valuemin={1}
        aria-valuemax={5}
        aria-valuenow={score ?? undefined}
        aria-valuetext={label ?? text}
        data-testid="password-strength"
        data-score={score ?? 0}
      >
        {SCORES.map((step) => (
          <Box
            key={step}
            h={6}
            style={{
              borderRadius: 3,
              backgroundColor: score && step <= score ? COLOURS[score] : 'var(--mantine-color-gray-3)',
            }}
          />
        ))}
      </Group>
      <Text size="xs" c="dimmed" mt={4} aria-hidden>
        {text}
      </Text>
    </div>
  );
}
