import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client.ts';
import type { components } from '../../../lib/api-types.generated.ts';
import { failureMessage } from '../../../lib/api-errors.ts';
import { notify } from '../../../lib/notify.ts';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** How often the list is asked again while a file is being prepared. */
const POLL_MS = 1_000;

const listKey = ['reporting', 'ministry-files'] as const;

/** The list as the API answers it, and one file of it. */
type MinistryFileList = components['schemas']['MinistryFileList'];
export type MinistryFile = components['schemas']['MinistryFile'];

const running = (list: MinistryFileList | undefined) =>
  list?.items.some((file) => file.status === 'running') ?? false;

/**
 * GET /reporting/ministry-files: the caller's ministry files of the last 24 hours, newest first
 * (issue 33). Asked again every second while one of them is being prepared, and no more once none is.
 */
export function useMinistryFiles() {
  return useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => ok(api.GET('/api/reporting/ministry-files', { signal })),
    staleTime: 0,
    refetchInterval: (query) => (running(query.state.data) ? POLL_MS : false),
  });
}

/** The list with `file` first, in place of an older copy of it. */
function withFile(list: MinistryFileList | undefined, file: MinistryFile): MinistryFileList {
  return { items: [file, ...(list?.items ?? []).filter((f) => f.id !== file.id)] };
}

/**
 * POST /reporting/ministry-files: the server starts preparing the file (202) and it joins the list
 * at once. A refusal is said in the screen's language (409 ministry_file_running: one is already
 * being prepared).
 */
export function usePrepareMinistryFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (range: { start: string; end: string }) =>
      ok(api.POST('/api/reporting/ministry-files', { body: range })),
    meta: { quiet: true },
    onSuccess: (file) => {
      queryClient.setQueryData<MinistryFileList>(listKey, (list) => withFile(list, file));
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
    onError: (error) => notify.error(failureMessage(error)),
  });
}

/** DELETE /reporting/ministry-files/{id}: the file goes (a running one is stopped first). */
export function useRemoveMinistryFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      ok(api.DELETE('/api/reporting/ministry-files/{id}', { params: { path: { id } } })),
    meta: { quiet: true },
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<MinistryFileList>(listKey, (list) =>
        list ? { items: list.items.filter((f) => f.id !== id) } : list,
      ),
    onError: (error) => notify.error(failureMessage(error)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

/** The file's download (useDownload's call): the .xlsx once ready, under the name the server gives. */
export const ministryFileCall = (id: number) => (signal: AbortSignal) =>
  api.GET('/api/reporting/ministry-files/{id}/file', {
    params: { path: { id } },
    parseAs: 'stream',
    headers: { Accept: XLSX },
    signal,
  });
