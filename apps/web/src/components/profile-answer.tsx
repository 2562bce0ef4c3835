import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MissingAnswerIcon } from './missing-answer-icon.tsx';

/** One answer of a profile in view mode: the answer or 'Not given', marked when it is required. */
export function ProfileAnswer({ value, missing }: { value: ReactNode; missing: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      {value ?? (
        <Text span c="dimmed">
          {t('profile.notGiven')}
        </Text>
      )}
      {missing && <MissingAnswerIcon />}
    </Group>
  );
}
