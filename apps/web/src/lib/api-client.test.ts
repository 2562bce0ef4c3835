import type { User } from '@cairn/shared/users.schemas';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, SessionEndedError, api, ok, setSessionExpiredHandler } from './api-client.ts';
import { session } from './session.ts';

/**
 * What a browser page gives the client before it loads: the storage the session is kept in (in
 * memory here), a window to hear other tabs on, and the page's origin, which '/api/…' resolves
 * against (Node's fetch keeps it where undici's setGlobalOrigin puts it).
 */
vi.hoisted(() => {
  const items = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
  });
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal(Symbol.for('undici.globalOrigin.1'), new URL('http://cairn.test'));
});

const user: User = {
  user_id: 1,
  first_name: 'Ada',
  last_name: 'Moss',
  full_name: 'Ada Moss',
  email: 'ada@example.ca',
  centre: null,
  roles: [{ role_id: 1, title: 'Admin' }],
  icon: 'AM',
  icon_bg: '#1c7ed6',
  active: true,
  last_sign_in_at: null,
  home: null,
  digest: false,
  locale: 'en',
};

const expired = { error: { code: 'unauthorized', message: 'Please sign in to continue.' } };

const json = (body: unknown, status = 200) => Response.json(body, { status });
const pathOf = (request: Request) => new URL(request.url).pathname;
const bearerOf = (request: Request) => request.headers.get('Authorization');
const isRefresh = (request: Request) => pathOf(request) === '/api/auth/token';

/**
 * Stands in for the server behind fetch: answers each request with `serve`, as fetch does (the
 * answer knows its URL), and keeps a copy of every request it was sent.
 */
function stubServer(serve: (request: Request) => Response | Promise<Response>): Request[] {
  const requests: Request[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    const response = await serve(request);
    Object.defineProperty(response, 'url', { value: request.url });
    return response;
  });
  return requests;
}

/** Refuses the first access token and accepts the one the refresh answers. */
const serveWithExpiredToken = (answer: (request: Request) => Response) => (request: Request) => {
  if (isRefresh(request)) return json({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  return bearerOf(request) === 'Bearer access-2' ? answer(request) : json(expired, 401);
};

const onSessionExpired = vi.fn();

beforeEach(() => {
  session.set({ accessToken: 'access-1', refreshToken: 'refresh-1', user });
  onSessionExpired.mockReset();
  setSessionExpiredHandler(onSessionExpired);
});

describe('api client', () => {
  it('sends the access token with every call', async () => {
    const requests = stubServer(() => json({ client_id: 7 }));

    const client = await ok(api.GET('/api/clients/{id}', { params: { path: { id: 7 } } }));

    expect(client).toEqual({ client_id: 7 });
    expect(requests.map((r) => [r.method, pathOf(r), bearerOf(r)])).toEqual([
      ['GET', '/api/clients/7', 'Bearer access-1'],
    ]);
  });

  it('on a 401 refreshes the access token once and sends the call again with the new one', async () => {
    const requests = stubServer(serveWithExpiredToken(() => json({ matches: [] })));

    const answer = await ok(api.POST('/api/clients/duplicates', { body: { first_name: 'Ada' } }));

    expect(answer).toEqual({ matches: [] });
    expect(requests.map((r) => [r.method, pathOf(r), bearerOf(r)])).toEqual([
      ['POST', '/api/clients/duplicates', 'Bearer access-1'],
      ['POST', '/api/auth/token', null],
      ['POST', '/api/clients/duplicates', 'Bearer access-2'],
    ]);
    expect(await requests[1]!.json()).toEqual({ refreshToken: 'refresh-1' });
    expect(await requests[2]!.json()).toEqual({ first_name: 'Ada' });
    // The refresh token is rotated: the one sent no longer works, its successor is kept.
    expect(session.get()).toEqual({ accessToken: 'access-2', refreshToken: 'refresh-2', user });
    expect(JSON.parse(localStorage.getItem('cairn.session') ?? 'null')).toEqual(session.get());
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('lets calls that get a 401 together share one refresh', async () => {
    const ids = [7, 8, 9];
    // The refresh is answered only once every call has had its 401, so all of them wait on it.
    let refused = 0;
    let allRefused!: () => void;
    const everyCallRefused = new Promise<void>((resolve) => (allRefused = resolve));
    const requests = stubServer(async (request) => {
      if (isRefresh(request)) {
        await everyCallRefused;
        return json({ accessToken: 'access-2', refreshToken: 'refresh-2' });
      }
      if (bearerOf(request) === 'Bearer access-2') {
        return json({ client_id: Number(pathOf(request).split('/').pop()) });
      }
      if (++refused === ids.length) allRefused();
      return json(expired, 401);
    });

    const clients = await Promise.all(
      ids.map((id) => ok(api.GET('/api/clients/{id}', { params: { path: { id } } }))),
    );

    expect(clients).toEqual(ids.map((id) => ({ client_id: id })));
    expect(requests.filter(isRefresh)).toHaveLength(1);
    expect(
      requests
        .filter((r) => bearerOf(r) === 'Bearer access-2')
        .map(pathOf)
        .sort(),
    ).toEqual(ids.map((id) => `/api/clients/${id}`));
    expect(requests).toHaveLength(ids.length * 2 + 1);
  });

  it('uses the session another tab refreshed meanwhile, without presenting the replaced refresh token', async () => {
    const requests = stubServer((request) => {
      if (isRefresh(request)) return json({ error: { code: 'invalid_refresh_token', message: '' } }, 404);
      if (bearerOf(request) === 'Bearer access-2') return json({ client_id: 7 });
      // Another tab refreshes while this call is out: it stores the new pair, and this tab has
      // not heard of it yet (the storage event comes later).
      localStorage.setItem(
        'cairn.session',
        JSON.stringify({ accessToken: 'access-2', refreshToken: 'refresh-2', user }),
      );
      return json(expired, 401);
    });

    const client = await ok(api.GET('/api/clients/{id}', { params: { path: { id: 7 } } }));

    expect(client).toEqual({ client_id: 7 });
    expect(requests.filter(isRefresh)).toHaveLength(0);
    expect(session.get()?.refreshToken).toBe('refresh-2');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('sends again with the new token, without a second refresh, a call refused after the refresh', async () => {
    let slowCall!: () => void;
    const slowCallSent = new Promise<void>((resolve) => (slowCall = resolve));
    let answerSlowCall!: () => void;
    const slowAnswer = new Promise<void>((resolve) => (answerSlowCall = resolve));
    const requests = stubServer(async (request) => {
      if (isRefresh(request)) return json({ accessToken: 'access-2', refreshToken: 'refresh-2' });
      if (bearerOf(request) === 'Bearer access-2') return json({ client_id: 7 });
      if (pathOf(request) === '/api/clients/8') {
        // Sent with the old token, refused only once the other call's refresh is done.
        slowCall();
        await slowAnswer;
      }
      return json(expired, 401);
    });

    const slow = ok(api.GET('/api/clients/{id}', { params: { path: { id: 8 } } }));
    await slowCallSent;
    await ok(api.GET('/api/clients/{id}', { params: { path: { id: 7 } } }));
    answerSlowCall();
    await slow;

    // One refresh only: presenting refresh-1 again would end the session.
    expect(requests.filter(isRefresh)).toHaveLength(1);
    expect(session.get()?.refreshToken).toBe('refresh-2');
  });

  it('takes the browser-wide lock to refresh, so tabs refresh one after another', async () => {
    const taken: string[] = [];
    vi.stubGlobal('navigator', {
      locks: {
        request: async (name: string, run: () => Promise<boolean>) => {
          taken.push(name);
          return run();
        },
      },
    });
    try {
      stubServer(serveWithExpiredToken(() => json({ client_id: 7 })));
      expect(await ok(api.GET('/api/clients/{id}', { params: { path: { id: 7 } } }))).toEqual({
        client_id: 7,
      });
      expect(taken).toEqual(['cairn.refresh']);
    } finally {
      vi.stubGlobal('navigator', undefined);
    }
  });

  it.each([401, 404])(
    'ends the session when the refresh is refused with %i, and answers the 401',
    async (status) => {
      const requests = stubServer((request) =>
        isRefresh(request)
          ? json({ error: { code: 'invalid_refresh_token', message: 'Your session has expired.' } }, status)
          : json(expired, 401),
      );

      const error: unknown = await ok(api.GET('/api/clients/{id}', { params: { path: { id: 7 } } })).catch(
        (e: unknown) => e,
      );

      // Told apart from other failures, so that only the session-expired warning is shown.
      expect(error).toBeInstanceOf(SessionEndedError);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
      expect(session.get()).toBeNull();
      expect(session.expiredUser()).toBe(user.user_id);
      expect(localStorage.getItem('cairn.session')).toBeNull();
      expect(onSessionExpired).toHaveBeenCalledOnce();
      expect(requests.map(pathOf)).toEqual(['/api/clients/7', '/api/auth/token']);
    },
  );

  it('keeps the session when the refresh fails otherwise', async () => {
    stubServer((request) =>
      isRefresh(request)
        ? json({ error: { code: 'internal', message: 'Something went wrong.' } }, 500)
        : json(expired, 401),
    );

    const error: unknown = await ok(api.GET('/api/clients/{id}', { params: { path: { id: 7 } } })).catch(
      (e: unknown) => e,
    );

    expect(error).toMatchObject({ status: 401 });
    expect(error).not.toBeInstanceOf(SessionEndedError);
    expect(session.get()?.accessToken).toBe('access-1');
    expect(session.expiredUser()).toBeNull();
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('answers a SessionEndedError for a call refused after a logout elsewhere, without a refresh', async () => {
    const requests = stubServer(() => json(expired, 401));
    const call = ok(api.GET('/api/clients/{id}', { params: { path: { id: 7 } } }));
    session.set(null);

    await expect(call).rejects.toBeInstanceOf(SessionEndedError);
    expect(requests.map(pathOf)).toEqual(['/api/clients/7']);
    expect(onSessionExpired).not.toHaveBeenCalled();
    // A logout is not an expiry: the next person starts on their own landing page.
    expect(session.expiredUser()).toBeNull();
  });

  it("turns an error answer into an ApiError with the server's code, message and fields", async () => {
    stubServer(() =>
      json(
        {
          error: {
            code: 'validation_failed',
            message: 'Some fields are not valid.',
            fields: { first_name: 'This field is required' },
            field_codes: { first_name: { code: 'required' } },
          },
        },
        400,
      ),
    );

    const error: unknown = await ok(api.POST('/api/clients/duplicates', { body: { first_name: '' } })).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ApiError);
    const { status, code, message, method, url, fieldCodes } = error as ApiError;
    expect({ status, code, message, method, url, fieldCodes }).toEqual({
      status: 400,
      code: 'validation_failed',
      message: 'Some fields are not valid.',
      method: 'POST',
      url: '/api/clients/duplicates',
      fieldCodes: { first_name: { code: 'required' } },
    });
  });

  it('keeps the status text of an error answer that is not in the API error shape', async () => {
    stubServer(() => new Response('<h1>Bad gateway</h1>', { status: 502, statusText: 'Bad Gateway' }));

    const error: unknown = await ok(api.DELETE('/api/clients/{id}', { params: { path: { id: 7 } } })).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 502,
      code: 'internal',
      message: 'Bad Gateway',
      method: 'DELETE',
      url: '/api/clients/7',
      fieldCodes: {},
    });
  });
});
