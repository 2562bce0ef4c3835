import { attachmentSchema, type attachmentUpdateSchema } from '@cairn/shared/attachments.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api, ApiError, ok } from '../../../lib/api-client.ts';
import { failureMessage } from '../../../lib/api-errors.ts';
import { downloadBlob, uploadForm, type UploadOptions } from '../../../lib/file-transfer.ts';
import { notify } from '../../../lib/notify.ts';

export const attachmentKeys = {
  ofClient: (clientId: number) => ['attachments', 'client', clientId] as const,
};

/** A change of name, category or note, as checked by the shared schema. */
export type AttachmentChange = z.output<typeof attachmentUpdateSchema>;

/** GET /clients/{id}/attachments: the client's files, newest first. */
export function useAttachments(clientId: number) {
  return useQuery({
    queryKey: attachmentKeys.ofClient(clientId),
    queryFn: ({ signal }) =>
      ok(api.GET('/api/clients/{id}/attachments', { params: { path: { id: clientId } }, signal })),
  });
}

/** GET /attachments/limits: this deployment's file limits, read once per session. */
export function useAttachmentLimits() {
  return useQuery({
    queryKey: ['attachments', 'limits'] as const,
    queryFn: ({ signal }) => ok(api.GET('/api/attachments/limits', { signal })),
    staleTime: Infinity,
  });
}

/** One file of the list, as the API describes it. */
export type AttachmentRow = NonNullable<ReturnType<typeof useAttachments>['data']>[number];

/** POST /clients/{id}/attachments: one file, with its progress; the answer checked by the shared schema. */
export async function uploadAttachment(clientId: number, file: File, options: UploadOptions) {
  const form = () => {
    const data = new FormData();
    data.append('file', file, file.name);
    return data;
  };
  return attachmentSchema.parse(await uploadForm(`/api/clients/${clientId}/attachments`, form, options));
}

/** The file's bytes; `inline` for a PDF or an image shown in the browser. */
export function attachmentBlob(attachmentId: number, inline = false): Promise<Blob> {
  return downloadBlob(`/api/attachments/${attachmentId}/content${inline ? '?inline=1' : ''}`);
}

/** PUT /attachments/{id}: a new name, category or note. */
export function useUpdateAttachment(clientId: number) {
  const { t } = useTranslation('attachments');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AttachmentChange }) =>
      ok(api.PUT('/api/attachments/{id}', { params: { path: { id } }, body })),
    meta: { quiet: true },
    onSuccess: async () => {
      notify.success(t('toasts.updated'));
      await queryClient.invalidateQueries({ queryKey: attachmentKeys.ofClient(clientId) });
    },
    // A 400 shows on the form's fields; anything else in a toast.
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 400)) notify.error(failureMessage(error));
    },
  });
}

/** DELETE /attachments/{id}. */
export function useDeleteAttachment(clientId: number) {
  const { t } = useTranslation('attachments');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => ok(api.DELETE('/api/attachments/{id}', { params: { path: { id } } })),
    meta: { quiet: true },
    onSuccess: async () => {
      notify.success(t('toasts.deleted'));
      await queryClient.invalidateQueries({ queryKey: attachmentKeys.ofClient(clientId) });
    },
    onError: (error) => notify.error(failureMessage(error)),
  });
}
