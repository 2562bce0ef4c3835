import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';
import { failedRequest } from '../lib/failed-request.ts';
import { notify } from '../lib/notify.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /**
     * quiet: the caller shows its own outcome (spec §8 lists calls with no failure message).
     * noErrorPage: a failed read that the screen explains itself (e.g. the reset-link check).
     */
    mutationMeta: { quiet?: boolean };
    queryMeta: { noErrorPage?: boolean };
  }
}

/**
 * Spec §8: a failed save, update or delete toasts 'Something went wrong. Please try again.';
 * any other failed call opens the error page with a report of the request.
 */
export function createQueryClient(openErrorPage: () => void) {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        if (query.meta?.noErrorPage) return;
        if (error instanceof ApiError && error.status === 401) return; // the session handler has acted
        failedRequest.set(
          error instanceof ApiError
            ? { method: error.method, url: error.url, status: error.status, message: error.message }
            : { method: 'GET', url: String(query.queryKey.join('/')), status: 0, message: error.message },
        );
        openErrorPage();
      },
    }),
    mutationCache: new MutationCache({
      onError(error, _variables, _context, mutation) {
        if (mutation.meta?.quiet) return;
        if (error instanceof ApiError && error.status === 401) return;
        notify.error();
      },
    }),
    defaultOptions: {
      queries: {
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}
