import type {
  DateOrder,
  DuplicateAction,
  ImportCommitResult,
  ImportField,
  ImportPreview,
} from '@cairn/shared/imports.schemas';
import { can } from '@cairn/shared/roles';
import { Anchor, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContextHelpLink } from '../../../components/context-help-link.tsx';
import { DownloadProgress } from '../../../components/download-progress.tsx';
import { errorMessage } from '../../../lib/api-errors.ts';
import { UploadCancelled } from '../../../lib/file-transfer.ts';
import { notify } from '../../../lib/notify.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { roleOf, useSession } from '../../../lib/session.ts';
import { useDownload } from '../../../lib/use-download.ts';
import {
  templateCall,
  uploadImport,
  useCommitImport,
  useUpdateImport,
} from '../api/client-import-queries.ts';
import { ImportPreviewStep } from '../components/import/import-preview-step.tsx';
import { ImportSummary } from '../components/import/import-summary.tsx';
import { ImportUploadStep, type UploadState } from '../components/import/import-upload-step.tsx';

/**
 * /clients/import (issue 31): the template, a file uploaded with its progress, its preview (the
 * columns' fields changed with selects, the counts, the first problems and the problems file), the
 * choice for duplicates, the commit, and a summary linking to the clients written.
 */
export function ClientImportPage() {
  const { t } = useTranslation('imports');
  usePageTitle(t('title'));
  const role = roleOf(useSession()?.user);
  const template = useDownload();
  const [dateOrder, setDateOrder] = useState<DateOrder>('dmy');
  const [centreId, setCentreId] = useState<number | null>(null);
  const [uploading, setUploading] = useState<UploadState | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [duplicates, setDuplicates] = useState<DuplicateAction>('skip');
  const [result, setResult] = useState<ImportCommitResult | null>(null);
  const update = useUpdateImport(preview?.import_id ?? 0);
  const commit = useCommitImport(preview?.import_id ?? 0);

  useEffect(() => {
    if (result) document.getElementById('import-summary')?.focus();
  }, [result]);

  const onFile = async (file: File) => {
    setUploadError(null);
    setUploading({ name: file.name, progress: 0 });
    try {
      const answer = await uploadImport(
        file,
        { centreId, dateOrder },
        {
          onProgress: (progress) => setUploading({ name: file.name, progress }),
        },
      );
      setPreview(answer);
    } catch (error) {
      if (!(error instanceof UploadCancelled)) {
        setUploadError(t('upload.failed', { name: file.name, reason: errorMessage(error) }));
      }
    } finally {
      setUploading(null);
    }
  };

  const onField = (column: number, field: ImportField | null) =>
    update.mutate(
      { columns: [{ column, field }] },
      { onSuccess: setPreview, onError: (error) => notify.error(errorMessage(error)) },
    );

  const onCommit = () =>
    commit.mutate(
      { duplicates },
      { onSuccess: setResult, onError: (error) => notify.error(errorMessage(error)) },
    );

  const startOver = () => {
    setPreview(null);
    setResult(null);
    setDuplicates('skip');
  };

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Anchor component={Link} to="/clients" size="sm">
              {t('clients:list.title')}
            </Anchor>
            <Group gap={4} wrap="nowrap">
              <Title order={1}>{t('title')}</Title>
              <ContextHelpLink article="client-management/importing-clients" />
            </Group>
          </Stack>
          <Stack gap={4} align="flex-end">
            <Button
              variant="default"
              leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
              onClick={() => void template.start(templateCall, 'clients-import-template.xlsx')}
              loading={template.busy}
            >
              {t('template')}
            </Button>
            <DownloadProgress download={template} />
          </Stack>
        </Group>
        <Text>{t('intro')}</Text>
        <Paper withBorder p="lg" radius="md">
          {result ? (
            <ImportSummary result={result} onAnother={startOver} />
          ) : preview ? (
            <ImportPreviewStep
              preview={preview}
              onField={onField}
              updating={update.isPending}
              duplicates={duplicates}
              onDuplicates={setDuplicates}
              onCommit={onCommit}
              committing={commit.isPending}
              onStartOver={startOver}
            />
          ) : (
            <ImportUploadStep
              choosesCentre={can(role, 'cases.allCentres')}
              centreId={centreId}
              onCentre={setCentreId}
              dateOrder={dateOrder}
              onDateOrder={setDateOrder}
              onFile={(file) => void onFile(file)}
              uploading={uploading}
              error={uploadError}
            />
          )}
        </Paper>
      </Stack>
    </Container>
  );
}
