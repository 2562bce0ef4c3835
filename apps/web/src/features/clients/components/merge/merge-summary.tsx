import type { ClientMergePreview } from '@cairn/shared/client-merge.schemas';
import { Alert, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const MOVES = ['plans', 'interactions', 'stories', 'attachments', 'memberships'] as const;

/** What the merge moves from the other client, counted, and why it would be refused. */
export function MergeSummary({
  preview,
  otherName,
  keptName,
}: {
  preview: ClientMergePreview;
  otherName: string;
  keptName: string;
}) {
  const { t } = useTranslation('clients');
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {t('merge.summaryTitle')}
      </Title>
      <Text>{t('merge.summaryIntro', { other: otherName, kept: keptName })}</Text>
      <List>
        {MOVES.map((kind) => (
          <List.Item key={kind}>{t(`merge.moves.${kind}`, { count: preview.moves[kind] })}</List.Item>
        ))}
      </List>
      {preview.both_plans_open && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          {t('merge.bothPlansOpen')}
        </Alert>
      )}
    </Stack>
  );
}
