import { Button, Stack } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DownloadProgress } from '../../../../components/download-progress.tsx';
import { api } from '../../../../lib/api-client.ts';
import { useDownload } from '../../../../lib/use-download.ts';
import { sortQuery, type ClientListParams } from '../../api/client-list-queries.ts';
import { filterQuery } from './client-list-filter.ts';
import { workerQuery } from './worker-filter.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Export (issue 12, list exports): the list as it is filtered and sorted on screen, every page of
 * it, in the caller's scope, as a spreadsheet the server streams (no SIN).
 */
export function ClientExportButton({ params }: { params: ClientListParams }) {
  const { t } = useTranslation('clients');
  const download = useDownload();
  const start = () =>
    download.start(
      (signal) =>
        api.GET('/api/clients/export', {
          params: {
            query: {
              ...sortQuery(params),
              ...(params.s ? { s: params.s } : {}),
              ...filterQuery(params.filter),
              ...workerQuery(params.worker),
            },
          },
          parseAs: 'stream',
          headers: { Accept: XLSX },
          signal,
        }),
      'clients.xlsx',
    );

  return (
    <Stack gap={4} align="flex-end">
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
        onClick={() => void start()}
        loading={download.busy}
      >
        {t('list.export')}
      </Button>
      <DownloadProgress download={download} />
    </Stack>
  );
}
