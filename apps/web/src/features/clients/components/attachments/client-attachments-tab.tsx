import { Center, Loader, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteModal } from '../../../../components/delete-modal.tsx';
import { failureMessage } from '../../../../lib/api-errors.ts';
import { saveBlob } from '../../../../lib/file-transfer.ts';
import { notify } from '../../../../lib/notify.ts';
import {
  attachmentBlob,
  useAttachments,
  useDeleteAttachment,
  type AttachmentRow as Attachment,
} from '../../api/attachment-queries.ts';
import { AttachmentEditModal } from './attachment-edit-modal.tsx';
import { AttachmentPreviewModal } from './attachment-preview-modal.tsx';
import { AttachmentTable } from './attachment-table.tsx';
import { AttachmentUploader } from './attachment-uploader.tsx';
import { useAttachmentUploads } from './use-attachment-uploads.ts';

/** The client profile's fifth tab: the client's documents (issue 15). */
export function ClientAttachmentsTab({ clientId }: { clientId: number }) {
  const { t } = useTranslation('attachments');
  const list = useAttachments(clientId);
  const uploads = useAttachmentUploads(clientId);
  const remove = useDeleteAttachment(clientId);
  const download = useMutation({
    mutationFn: async (a: Attachment) => saveBlob(await attachmentBlob(a.attachment_id), a.name),
    meta: { quiet: true },
    onError: (error) => notify.error(failureMessage(error)),
  });
  const [previewing, setPreviewing] = useState<Attachment | null>(null);
  const [editing, setEditing] = useState<Attachment | null>(null);
  const [deleting, setDeleting] = useState<Attachment | null>(null);

  return (
    <>
      <AttachmentUploader items={uploads.items} onFiles={uploads.start} onCancel={uploads.cancel} />
      {!list.data ? (
        <Center py="lg">
          <Loader size="sm" aria-label={t('loading')} />
        </Center>
      ) : list.data.length === 0 ? (
        <Text c="dimmed">{t('empty')}</Text>
      ) : (
        <AttachmentTable
          attachments={list.data}
          onDownload={(a) => download.mutate(a)}
          onPreview={setPreviewing}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      )}
      <AttachmentPreviewModal target={previewing} onClose={() => setPreviewing(null)} />
      <AttachmentEditModal attachment={editing} onClose={() => setEditing(null)} />
      <DeleteModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting && remove.mutate(deleting.attachment_id, { onSettled: () => setDeleting(null) })
        }
        title={t('delete.title')}
        message={t('delete.message', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
      />
    </>
  );
}
