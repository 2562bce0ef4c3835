import { DATE_ORDERS, IMPORT_LIMITS, type DateOrder } from '@cairn/shared/imports.schemas';
import { Button, Group, Progress, Radio, Select, Stack, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconUpload } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCentres } from '../../../../lib/centre-queries.ts';

export interface UploadState {
  name: string;
  progress: number;
}

export interface ImportUploadStepProps {
  /** Whether the caller chooses the centre (Admins). */
  choosesCentre: boolean;
  centreId: number | null;
  onCentre: (centreId: number | null) => void;
  dateOrder: DateOrder;
  onDateOrder: (order: DateOrder) => void;
  onFile: (file: File) => void;
  uploading: UploadState | null;
  error: string | null;
}

/** The file, dropped or chosen, with the date order and (for Admins) the centre; its upload's progress. */
export function ImportUploadStep(props: ImportUploadStepProps) {
  const { t } = useTranslation('imports');
  const openRef = useRef<() => void>(null);
  const centres = useCentres(props.choosesCentre);
  const busy = props.uploading !== null;

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('upload.heading')}
      </Title>
      <Radio.Group
        label={t('upload.dateOrder')}
        value={props.dateOrder}
        onChange={(v) => props.onDateOrder(v as DateOrder)}
      >
        <Group mt={4}>
          {DATE_ORDERS.map((order) => (
            <Radio key={order} value={order} label={t(`upload.${order}`)} disabled={busy} />
          ))}
        </Group>
      </Radio.Group>
      {props.choosesCentre && (
        <Select
          label={t('upload.centre')}
          placeholder={t('upload.centrePlaceholder')}
          data={(centres.data ?? []).map((c) => ({ value: String(c.centre_id), label: c.name }))}
          value={props.centreId === null ? null : String(props.centreId)}
          onChange={(v) => props.onCentre(v === null ? null : Number(v))}
          clearable
          disabled={busy}
          maw={420}
        />
      )}
      <Dropzone
        onDrop={(files) => files[0] && props.onFile(files[0])}
        openRef={openRef}
        activateOnClick={false}
        activateOnKeyboard={false}
        multiple={false}
        disabled={busy}
        inputProps={{ 'aria-label': t('upload.drop') }}
        data-testid="import-dropzone"
      >
        <Group justify="center" gap="sm" mih={72} wrap="wrap" style={{ pointerEvents: 'all' }}>
          <IconUpload size={28} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text>{t('upload.drop')}</Text>
          <Button variant="light" onClick={() => openRef.current?.()} disabled={busy}>
            {t('upload.choose')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed" ta="center" mt="xs">
          {t('upload.hint', {
            megabytes: IMPORT_LIMITS.maxBytes / 1024 / 1024,
            rows: IMPORT_LIMITS.maxRows.toLocaleString(),
            hours: IMPORT_LIMITS.expiryHours,
          })}
        </Text>
      </Dropzone>
      <div aria-live="polite">
        {props.uploading && (
          <Stack gap={4}>
            <Text size="sm">{t('upload.uploading', { name: props.uploading.name })}</Text>
            <Progress.Root>
              <Progress.Section
                value={Math.round(props.uploading.progress * 100)}
                aria-label={t('upload.progressLabel', { name: props.uploading.name })}
                animated={props.uploading.progress >= 1}
              />
            </Progress.Root>
          </Stack>
        )}
        {props.error && (
          <Text c="red.8" size="sm" role="alert">
            {props.error}
          </Text>
        )}
      </div>
    </Stack>
  );
}
