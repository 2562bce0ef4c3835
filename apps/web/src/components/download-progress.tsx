import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../lib/use-formats.ts';
import type { Download } from '../lib/use-download.ts';

/** Kilobytes under a megabyte, megabytes beyond, in the active locale ('312 kB', '4.2 MB'). */
function sizeText(bytes: number, locale: string): string {
  const mega = bytes >= 1_000_000;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: mega ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: mega ? 1 : 0,
  }).format(mega ? bytes / 1_000_000 : Math.max(1, Math.round(bytes / 1000)));
}

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
