import { MINISTRY_FILE_LIMITS } from '@cairn/shared/reporting.schemas';
import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadProgress } from '../../../components/download-progress.tsx';
import { useDownload } from '../../../lib/use-download.ts';
import { MinistryFilesTable } from './ministry-files-table.tsx';
import { useMinistryFileText, type MinistryFileText } from './ministry-file-text.ts';
import {
  ministryFileCall,
  useMinistryFiles,
  usePrepareMinistryFile,
  useRemoveMinistryFile,
  type MinistryFile,
} from './use-ministry-files.ts';

const hours = MINISTRY_FILE_LIMITS.keptHours;

/**
 * What the live region says of the files: that a file the screen saw running is now ready (or
 * failed). Compared with the list last shown, as the list changes (no effect: the words come
 * with the render that shows the change).
 */
function useFinishedNotice(files: readonly MinistryFile[] | undefined, text: MinistryFileText) {
  const { t } = useTranslation('reports');
  const [notice, setNotice] = useState('');
  const [shown, setShown] = useState(files);
  if (files !== shown) {
    setShown(files);
    const before = new Map((shown ?? []).map((file) => [file.id, file.status]));
    const finished = files?.find((file) => before.get(file.id) === 'running' && file.status !== 'running');
    if (finished)
      setNotice(
        t(finished.status === 'ready' ? 'ministry.ready' : 'ministry.failedNotice', text.dates(finished)),
      );
  }
  return [notice, setNotice] as const;
}

/**
 * The Ministry tab (spec §2 Reports, Admins only; issue 33): the ministry spreadsheet for the
 * filters' range, prepared by the server in the background and kept 24 hours, then the caller's
 * files with their progress, each downloaded under the name the server gives (both dates in it,
 * spec §7). `range` is null while the range is in error: nothing can be asked then.
 */
export function MinistryPanel({ range }: { range: { start: string; end: string } | null }) {
  const { t } = useTranslation('reports');
  const text = useMinistryFileText();
  const list = useMinistryFiles();
  const prepare = usePrepareMinistryFile();
  const remove = useRemoveMinistryFile();
  const download = useDownload();
  const [saved, setSaved] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<number | null>(null);
  const [notice, setNotice] = useFinishedNotice(list.data?.items, text);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  const start = () => {
    if (!range) return;
    prepare.mutate(range, { onSuccess: () => setNotice(t('ministry.preparing')) });
  };

  const save = async (file: MinistryFile) => {
    setSaved(null);
    setDownloading(file.id);
    const name = await download.start(ministryFileCall(file.id), file.file_name);
    setDownloading(null);
    setSaved(name);
  };

  // The row goes with its button: the list's heading takes the focus.
  const drop = (file: MinistryFile) => remove.mutate(file.id, { onSuccess: () => heading.current?.focus() });

  const files = list.data?.items;
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('ministry.heading')}
      </Title>
      <Text maw={640}>{t('ministry.description', { hours })}</Text>
      <div>
        <Button
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          onClick={start}
          loading={prepare.isPending}
          disabled={!range}
        >
          {t('ministry.prepare')}
        </Button>
      </div>
      <Text role="status" size="sm" aria-live="polite">
        {notice}
      </Text>
      <Title order={3} size="h4" id={headingId} ref={heading} tabIndex={-1}>
        {t('ministry.files')}
      </Title>
      {!files ? (
        <Loader size="sm" aria-label={t('common:loading')} />
      ) : files.length === 0 ? (
        <Text c="dimmed">{t('ministry.empty', { hours })}</Text>
      ) : (
        <MinistryFilesTable
          files={files}
          text={text}
          labelledBy={headingId}
          onDownload={(file) => void save(file)}
          onRemove={drop}
          downloading={downloading}
          removing={remove.isPending ? remove.variables : null}
        />
      )}
      <DownloadProgress download={download} done={saved && t('ministry.saved', { name: saved })} />
    </Stack>
  );
}
