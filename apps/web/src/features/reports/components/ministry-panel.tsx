import { Button, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadProgress } from '../../../components/download-progress.tsx';
import { api } from '../../../lib/api-client.ts';
import { useDownload } from '../../../lib/use-download.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The Ministry tab (spec §2 Reports, Admins only): the ministry spreadsheet for the filters' range,
 * built and streamed by the server, saved under the name it gives (both dates in it, spec §7).
 * `range` is null while the range is in error: nothing can be asked then.
 */
export function MinistryPanel({ range }: { range: { start: string; end: string } | null }) {
  const { t } = useTranslation('reports');
  const download = useDownload();
  const [saved, setSaved] = useState<string | null>(null);

  const start = async () => {
    if (!range) return;
    setSaved(null);
    const name = await download.start(
      (signal) =>
        api.GET('/api/reporting/ministry-report', {
          params: { query: range },
          parseAs: 'stream',
          headers: { Accept: XLSX },
          signal,
        }),
      `ministry-report-${range.start}-${range.end}.xlsx`,
    );
    setSaved(name);
  };

  return (
    <Stack gap="sm" align="flex-start">
      <Title order={2} size="h3">
        {t('ministry.heading')}
      </Title>
      <Text maw={640}>{t('ministry.description')}</Text>
      <Button
        leftSection={<IconDownload size={18} aria-hidden />}
        onClick={() => void start()}
        loading={download.busy}
        disabled={!range}
      >
        {t('ministry.download')}
      </Button>
      <DownloadProgress download={download} done={saved && t('ministry.saved', { name: saved })} />
    </Stack>
  );
}
