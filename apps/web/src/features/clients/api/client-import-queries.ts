import {
  importPreviewSchema,
  type DateOrder,
  type ImportCommitBody,
  type ImportPreview,
  type ImportUpdateBody,
} from '@cairn/shared/imports.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client.ts';
import { clientKeys } from '../../../lib/client-queries.ts';
import { uploadForm, type UploadOptions } from '../../../lib/file-transfer.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * POST /imports: the form's fields first, then the file (the server reads the file as it arrives,
 * after the fields); answers the preview. Through XMLHttpRequest, for the upload's progress.
 */
export async function uploadImport(
  file: File,
  settings: { centreId: number | null; dateOrder: DateOrder },
  options: UploadOptions = {},
): Promise<ImportPreview> {
  const form = () => {
    const data = new FormData();
    data.append('kind', 'clients');
    if (settings.centreId !== null) data.append('centre_id', String(settings.centreId));
    data.append('date_order', settings.dateOrder);
    data.append('file', file, file.name);
    return data;
  };
  return importPreviewSchema.parse(await uploadForm('/api/imports', form, options));
}

/** PUT /imports/{id}: a column's field, the centre or the date order changed; answers the new preview. */
export function useUpdateImport(importId: number) {
  return useMutation({
    mutationFn: (body: ImportUpdateBody) =>
      ok(api.PUT('/api/imports/{id}', { params: { path: { id: importId } }, body })),
    meta: { quiet: true },
  });
}

/** POST /imports/{id}/commit: writes the clients; the lists are asked again. */
export function useCommitImport(importId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportCommitBody) =>
      ok(api.POST('/api/imports/{id}/commit', { params: { path: { id: importId } }, body })),
    meta: { quiet: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}

/** The template's download (useDownload's call). */
export const templateCall = (signal: AbortSignal) =>
  api.GET('/api/imports/template', {
    params: { query: { kind: 'clients' } },
    parseAs: 'stream',
    headers: { Accept: XLSX_TYPE },
    signal,
  });

/** The rejected rows' download (useDownload's call). */
export const problemsCall = (importId: number) => (signal: AbortSignal) =>
  api.GET('/api/imports/{id}/problems.xlsx', {
    params: { path: { id: importId } },
    parseAs: 'stream',
    headers: { Accept: XLSX_TYPE },
    signal,
  });
