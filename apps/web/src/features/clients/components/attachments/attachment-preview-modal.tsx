import { isInlineType } from '@cairn/shared/attachments.schemas';
import { Anchor, Center, Group, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/api-errors.ts';
import { attachmentBlob } from '../../api/attachment-queries.ts';
import { titledPdf } from './pdf-title.ts';

export interface PreviewTarget {
  attachment_id: number;
  name: string;
  content_type: string;
}

/**
 * A PDF or an image shown in the browser: its bytes fetched with the session's token (inline=1),
 * drawn from a blob: address in this modal (an image as an image, a PDF in the browser's viewer),
 * with a link to open it in a tab of its own. Nothing else is ever shown inline.
 */
export function AttachmentPreviewModal({
  target,
  onClose,
}: {
  target: PreviewTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('attachments');
  const blob = useQuery({
    queryKey: ['attachments', 'preview', target?.attachment_id],
    // Re-typed as the list says, which only ever names a PDF or an image here: a blob: address of
    // the app's origin must never hold a page.
    queryFn: async () => {
      const bytes = await (await attachmentBlob(target!.attachment_id, true)).arrayBuffer();
      const type = target!.content_type;
      // A PDF titled with the file's name, which the viewer's toolbar shows (not the blob: id).
      const shown = type === 'application/pdf' ? await titledPdf(bytes, target!.name) : bytes;
      return new Blob([shown], { type });
    },
    enabled: target !== null && isInlineType(target.content_type),
    gcTime: 0,
    staleTime: Infinity,
    meta: { noErrorPage: true },
    retry: false,
  });
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const isPdf = target?.content_type === 'application/pdf';

  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target?.name}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('preview.close') }}
      styles={{ title: { overflowWrap: 'anywhere' } }}
    >
      {blob.error ? (
        <Text c="red.8" role="alert">
          {errorMessage(blob.error)}
        </Text>
      ) : !url ? (
        <Center py="xl">
          <Loader size="sm" aria-label={t('preview.loading')} />
        </Center>
      ) : (
        <Stack gap="sm">
          {isPdf ? (
            <iframe
              src={url}
              title={t('preview.frameTitle', { name: target?.name })}
              style={{ width: '100%', height: '70vh', border: 0 }}
            />
          ) : (
            <Image src={url} alt={t('preview.frameTitle', { name: target?.name })} fit="contain" mah="70vh" />
          )}
          <Group justify="flex-end">
            <Anchor href={url} target="_blank" rel="noopener">
              {t('preview.openTab')}
            </Anchor>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
