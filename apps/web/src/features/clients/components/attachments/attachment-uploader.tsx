import { Button, CloseButton, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconUpload } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadItem } from './use-attachment-uploads.ts';

export interface AttachmentUploaderProps {
  items: UploadItem[];
  onFiles: (files: File[]) => void;
  onCancel: (key: number) => void;
}

/**
 * Where files arrive: dropped on the zone, or chosen with its button (the zone itself takes no
 * focus, the button does); below, a progress bar per file under way, each with its Cancel.
 */
export function AttachmentUploader({ items, onFiles, onCancel }: AttachmentUploaderProps) {
  const { t } = useTranslation('attachments');
  const openRef = useRef<() => void>(null);

  return (
    <Stack gap="sm" mb="lg">
      <Dropzone
        onDrop={onFiles}
        openRef={openRef}
        activateOnClick={false}
        activateOnKeyboard={false}
        multiple
        inputProps={{ 'aria-label': t('upload.zoneLabel') }}
        data-testid="attachment-dropzone"
      >
        <Group justify="center" gap="sm" mih={72} wrap="wrap" style={{ pointerEvents: 'all' }}>
          <IconUpload size={28} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text>{t('upload.drop')}</Text>
          <Button variant="light" onClick={() => openRef.current?.()}>
            {t('upload.choose')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed" ta="center" mt="xs">
          {t('upload.hint')}
        </Text>
      </Dropzone>
      <Stack gap="xs" aria-label={t('upload.listLabel')} aria-live="polite" component="section">
        {items.map((item) =>
          item.error ? (
            <Group key={item.key} gap="xs" wrap="nowrap" align="flex-start">
              <Text c="red.8" size="sm" role="alert" style={{ flex: 1, overflowWrap: 'anywhere' }}>
                {t('upload.failed', { name: item.name, reason: item.error })}
              </Text>
              <CloseButton
                size="sm"
                aria-label={t('upload.dismissLabel', { name: item.name })}
                onClick={() => onCancel(item.key)}
              />
            </Group>
          ) : (
            <Group key={item.key} gap="sm" wrap="nowrap">
              <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Text size="sm" truncate="end">
                    {item.name}
                  </Text>
                  <Text size="sm" c="dimmed" aria-hidden>
                    {t('upload.percent', { value: Math.round(item.progress * 100) })}
                  </Text>
                </Group>
                <Progress.Root>
                  <Progress.Section
                    value={Math.round(item.progress * 100)}
                    aria-label={t('upload.progressLabel', { name: item.name })}
                    animated={item.progress >= 1}
                  />
                </Progress.Root>
              </Stack>
              <Button
                size="xs"
                variant="default"
                onClick={() => onCancel(item.key)}
                aria-label={t('upload.cancelLabel', { name: item.name })}
              >
                {t('upload.cancel')}
              </Button>
            </Group>
          ),
        )}
      </Stack>
    </Stack>
  );
}
