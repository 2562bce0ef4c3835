import type { ErrorResponse } from '@cairn/shared/errors';
import { session } from './session.ts';

/** A failed API call: HTTP status, the server's error code and message, and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly method: string,
    readonly url: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface RequestOptions {
  body?: unknown;
  /** Send without the access token (sign-in, reset). */
  anonymous?: boolean;
  signal?: AbortSignal;
}

/** Called when the refresh token is refused: the session has ended (spec §4, §8). */
let onSessionExpired: () => void = () => {};
export function setSessionExpiredHandler(handler: () => void) {
  onSessionExpired = handler;
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time, however many calls got a 401 together. */
function refreshAccessToken(): Promise<boolean> {
  refreshing ??= (async () => {
    const current = session.get();
    if (!current) return false;
    const res = await fetch('/api/auth/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken: current.refreshToken }),
    });
    if (res.ok) {
      const { accessToken } = (await res.json()) as { accessToken: string };
      session.update({ accessToken });
      return true;
    }
    if (res.status === 404 || res.status === 401) {
      session.set(null);
      onSessionExpired();
    }
    return false;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function send(method: Method, url: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = session.get()?.accessToken;
  if (token && !options.anonymous) headers.Authorization = `Bearer ${token}`;
  return fetch(url, {
    method,
    headers,
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
  });
}

/** Calls the API; on a 401 refreshes the access token once and retries (spec §4). */
export async function api<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const url = `/api${path}`;
  let res = await send(method, url, options);
  if (res.status === 401 && !options.anonymous && session.get()) {
    if (await refreshAccessToken()) res = await send(method, url, options);
  }
  if (res.ok) {
    if (res.status === 204) return undefined as T;
    return (await res.json()) as T;
  }
  let error: ErrorResponse['error'] = { code: 'internal', message: res.statusText };
  try {
    error = ((await res.json()) as ErrorResponse).error ?? error;
  } catch {
    // not JSON: keep the status text
  }
  throw new ApiError(res.status, error.code, error.message, method, url, error.fields);
}
