import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';
import { failedRequest } from '../lib/failed-request.ts';
import { notify } from '../lib/notify.ts';
import type { Refusal } from '../lib/refused-page.ts';

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

/** What a failed read shows in place of the screen that made it. */
export interface FailedReadPages {
  /** Spec §2 Error page, with a report of the request: a real failure (5xx, network). */
  openErrorPage: () => void;
  /** The record is not there, or not the caller's to see (404), or the role may not (403). */
  refuse: (refusal: Refusal) => void;
  /** The client asked for was merged into another (404 `client_merged`): open that one's profile. */
  followMerge: (keptClientId: number) => void;
}

const REFUSALS: Partial<Record<number, Refusal>> = { 404: 'notFound', 403: 'noAccess' };

/**
 * Whether a failed read is asked again, after `failures` failures: never when the API answered
 * 4xx (asking again gets the same answer), once when it failed (5xx, network), so that the error
 * page comes after about a second, not four. The screen shows its loading state meanwhile.
 */
export function retryRead(failures: number, error: Error): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failures < 1;
}

/**
 * Spec §8: a failed save, update or delete toasts 'Something went wrong. Please try again.'; a
 * read the API refuses (404, 403) shows the not-found or no-access page in place of the screen
 * that asked (a client merged into another opens the kept client's profile), and any other failed call opens the error page with a report of the request.
 */
export function createQueryClient(pages: FailedReadPages) {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        if (query.meta?.noErrorPage) return;
        if (error instanceof ApiError && error.status === 401) return; // the session handler has acted
        if (error instanceof ApiError && error.mergedInto !== undefined) {
          if (query.getObserversCount() > 0) pages.followMerge(error.mergedInto);
          return;
        }
        const refusal = error instanceof ApiError ? REFUSALS[error.status] : undefined;
        if (refusal) {
          // Only for a screen still showing: a late answer must not refuse the screen after it.
          if (query.getObserversCount() > 0) pages.refuse(refusal);
          return;
        }
        failedRequest.set(
          error instanceof ApiError
            ? { method: error.method, url: error.url, status: error.status, message: error.message }
            : { method: 'GET', url: String(query.queryKey.join('/')), status: 0, message: error.message },
        );
        pages.openErrorPage();
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
        retry: retryRead,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}
