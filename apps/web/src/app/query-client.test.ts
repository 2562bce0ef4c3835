import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { failedRequest } from '../lib/failed-request.ts';
import { createQueryClient, retryRead } from './query-client.ts';

// The session module keeps its state in the page's storage and hears other tabs on its window.
vi.hoisted(() => {
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {}, removeItem: () => {} });
  vi.stubGlobal('window', new EventTarget());
});

/** A read that fails with `error`, made by a screen on display or by nothing any more. */
async function failedRead(error: Error, { onScreen }: { onScreen: boolean }) {
  const pages = { openErrorPage: vi.fn(), refuse: vi.fn(), followMerge: vi.fn() };
  const queryClient = createQueryClient(pages);
  const options = {
    queryKey: ['clients', 'detail', 7],
    queryFn: () => Promise.reject(error),
    retry: false,
  };
  if (onScreen) {
    // A screen's useQuery: an observer that stays subscribed while the answer arrives.
    const observer = new QueryObserver(queryClient, options);
    let stop = () => {};
    await new Promise<void>((resolve) => {
      stop = observer.subscribe((result) => result.status === 'error' && resolve());
    });
    stop();
  } else {
    await queryClient.fetchQuery(options).catch(() => {});
  }
  return pages;
}

const answered = (status: number) =>
  new ApiError(status, 'code', `answered ${status}`, 'GET', '/api/clients/7');

describe('a failed read', () => {
  it('that the API answers 404 shows the not-found page in place of the screen', async () => {
    const pages = await failedRead(answered(404), { onScreen: true });
    expect(pages.refuse).toHaveBeenCalledWith('notFound');
    expect(pages.openErrorPage).not.toHaveBeenCalled();
  });

  it('that the API answers 403 shows the no-access page', async () => {
    const pages = await failedRead(answered(403), { onScreen: true });
    expect(pages.refuse).toHaveBeenCalledWith('noAccess');
    expect(pages.openErrorPage).not.toHaveBeenCalled();
  });

  it('of a client merged into another opens the kept client, refusing nothing', async () => {
    const merged = new ApiError(404, 'client_merged', 'merged', 'GET', '/api/clients/7', {}, undefined, 9);
    const pages = await failedRead(merged, { onScreen: true });
    expect(pages.followMerge).toHaveBeenCalledWith(9);
    expect(pages.refuse).not.toHaveBeenCalled();
    expect(pages.openErrorPage).not.toHaveBeenCalled();
  });

  it('refuses nothing once no screen shows it any more', async () => {
    const pages = await failedRead(answered(404), { onScreen: false });
    expect(pages.refuse).not.toHaveBeenCalled();
    expect(pages.openErrorPage).not.toHaveBeenCalled();
  });

  it('that fails for real (5xx, network) opens the error page with its report', async () => {
    failedRequest.clear();
    const pages = await failedRead(answered(500), { onScreen: true });
    expect(pages.openErrorPage).toHaveBeenCalledOnce();
    expect(pages.refuse).not.toHaveBeenCalled();
    expect(failedRequest.get()).toEqual({
      method: 'GET',
      url: '/api/clients/7',
      status: 500,
      message: 'answered 500',
    });
    const offline = await failedRead(new TypeError('Failed to fetch'), { onScreen: true });
    expect(offline.openErrorPage).toHaveBeenCalledOnce();
    expect(failedRequest.get()?.status).toBe(0);
  });

  it('that ends the session (401) is left to the session handler', async () => {
    const pages = await failedRead(answered(401), { onScreen: true });
    expect(pages.openErrorPage).not.toHaveBeenCalled();
    expect(pages.refuse).not.toHaveBeenCalled();
  });
});

describe('a failed read is asked again', () => {
  it('never when the API answered 4xx, once when it failed (5xx, network)', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429])
      expect(retryRead(0, answered(status))).toBe(false);
    for (const status of [500, 502, 503]) {
      expect(retryRead(0, answered(status))).toBe(true);
      expect(retryRead(1, answered(status))).toBe(false);
    }
    expect(retryRead(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryRead(1, new TypeError('Failed to fetch'))).toBe(false);
  });

  it("by the app's own reads: a 404 is asked once, a 500 twice", async () => {
    const asked = async (error: Error) => {
      const queryClient = createQueryClient({
        openErrorPage: vi.fn(),
        refuse: vi.fn(),
        followMerge: vi.fn(),
      });
      const queryFn = vi.fn(() => Promise.reject(error));
      await queryClient
        .fetchQuery({ queryKey: ['clients', 'detail', 7], queryFn, retryDelay: 0 })
        .catch(() => {});
      return queryFn.mock.calls.length;
    };
    expect(await asked(answered(404))).toBe(1);
    expect(await asked(answered(500))).toBe(2);
  });
});
