import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../lib/use-formats.ts';
import type { Download } from '../lib/use-download.ts';
import { sizeText } from '../lib/file-size.ts';

/**
 * What a download under way has received so far, read out politely as it grows (the server builds
 * the file while it sends it, so its size is not known beforehand), then `done`.
 */
export function DownloadProgress({
  download,
  done,
}: {
  download: Pick<Download, 'busy' | 'received'>;
  /** What to say once the file is saved. */
  done?: string | null;
}) {
  const { t } = useTranslation('common');
  const { locale } = useFormats();
  return (
    <Text role="status" size="sm" c="dimmed" aria-live="polite">
      {download.busy &&
        (download.received > 0
          ? t('download.received', { size: sizeText(download.received, locale) })
          : t('download.preparing'))}
      {!download.busy && done}
    </Text>
  );
}
