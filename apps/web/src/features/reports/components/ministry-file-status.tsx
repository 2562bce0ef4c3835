import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/message-text.ts';
import type { MinistryFileText } from './ministry-file-text.ts';
import type { MinistryFile } from './use-ministry-files.ts';

/** How far a running file is, in percent; null while its rows are being counted. */
function percentOf(file: MinistryFile): number | null {
  if (file.rows_total === null) return null;
  if (file.rows_total <= 0) return 0;
  return Math.min(100, Math.round((file.rows_written * 100) / file.rows_total));
}

/**
 * A file's status: a running one's progress bar (moving, without a value, until its rows are
 * counted) and rows written; a ready one's word; a failed one's reason, from the error catalogue.
 */
export function MinistryFileStatus({ file, text }: { file: MinistryFile; text: MinistryFileText }) {
  const { t } = useTranslation('reports');
  switch (file.status) {
    case 'running': {
      const percent = percentOf(file);
      const rows = text.rows(file);
      return (
        <Stack gap={4} miw={160}>
          <Text size="sm">{t('ministry.status.running')}</Text>
          <Progress.Root
            size="lg"
            role="progressbar"
            aria-label={t('ministry.progress', text.dates(file))}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent ?? undefined}
            aria-valuetext={rows}
          >
            <Progress.Section value={percent ?? 100} animated={percent === null} withAria={false} />
          </Progress.Root>
          <Text size="sm" c="dimmed">
            {rows}
          </Text>
        </Stack>
      );
    }
    case 'ready':
      return <Text size="sm">{t('ministry.status.ready')}</Text>;
    case 'failed':
      return (
        <Stack gap={2}>
          <Text size="sm" fw={600} c="red.8">
            {t('ministry.status.failed')}
          </Text>
          <Text size="sm">{file.failure ? errorText(file.failure) : t('common:errors.generic')}</Text>
        </Stack>
      );
  }
}
