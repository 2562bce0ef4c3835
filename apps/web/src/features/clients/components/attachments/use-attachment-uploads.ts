import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/api-errors.ts';
import { UploadCancelled } from '../../../../lib/file-transfer.ts';
import { notify } from '../../../../lib/notify.ts';
import { attachmentKeys, uploadAttachment, useAttachmentLimits } from '../../api/attachment-queries.ts';
import { sizeRefusal } from './upload-size.ts';

/** One file on its way: its share sent, or why the server refused it. */
export interface UploadItem {
  key: number;
  name: string;
  /** 0 to 1. */
  progress: number;
  /** The refusal, worded from the server's code; none while it is under way. */
  error?: string;
}

/**
 * The uploads of a client's files: each file on its own request, all at once, each with its
 * progress and its own cancel; a file past the size limit is refused before it is sent. A finished file leaves the list (the table shows it); a refused one
 * stays with the reason until dismissed.
 */
export function useAttachmentUploads(clientId: number) {
  const { t } = useTranslation('attachments');
  const queryClient = useQueryClient();
  // Until the deployment's limit is known, the default: the server checks again either way.
  const maxBytes = useAttachmentLimits().data?.max_bytes;
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<number, AbortController>());
  const nextKey = useRef(0);

  const patch = useCallback((key: number, change: Partial<UploadItem> | null) => {
    setItems((all) =>
      change === null
        ? all.filter((i) => i.key !== key)
        : all.map((i) => (i.key === key ? { ...i, ...change } : i)),
    );
  }, []);

  const start = useCallback(
    (files: File[]) => {
      for (const file of files) {
        const key = (nextKey.current += 1);
        // Too large: refused at once, with the server's message, rather than after sending it all.
        const refused = sizeRefusal(file.size, maxBytes);
        if (refused) {
          setItems((all) => [...all, { key, name: file.name, progress: 0, error: refused }]);
          continue;
        }
        const controller = new AbortController();
        controllers.current.set(key, controller);
        setItems((all) => [...all, { key, name: file.name, progress: 0 }]);
        uploadAttachment(clientId, file, {
          signal: controller.signal,
          onProgress: (progress) => patch(key, { progress }),
        })
          .then(async (saved) => {
            patch(key, null);
            notify.success(t('toasts.uploaded', { name: saved.name }));
            await queryClient.invalidateQueries({ queryKey: attachmentKeys.ofClient(clientId) });
          })
          .catch((error: unknown) => {
            if (!(error instanceof UploadCancelled)) return patch(key, { error: errorMessage(error) });
            patch(key, null);
            // Cancelled after the last byte left, the file may have been kept: the list says.
            return queryClient.invalidateQueries({ queryKey: attachmentKeys.ofClient(clientId) });
          })
          .finally(() => controllers.current.delete(key));
      }
    },
    [clientId, maxBytes, patch, queryClient, t],
  );

  /** Cancels a file under way, or dismisses a refused one. */
  const cancel = useCallback(
    (key: number) => {
      const controller = controllers.current.get(key);
      if (controller) controller.abort();
      else patch(key, null);
    },
    [patch],
  );

  return { items, start, cancel };
}
