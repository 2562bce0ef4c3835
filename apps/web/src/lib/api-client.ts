import { errorResponseSchema } from '@cairn/shared/errors';
import type { MessageParams, MessageRef } from '@cairn/shared/messages';
import { IDEMPOTENCY_KEY_HEADER } from '@cairn/shared/idempotency.schemas';
import createClient from 'openapi-fetch';
import type { paths } from './api-types.generated.ts';
import i18n from './i18n.ts';
import { session } from './session.ts';

/**
 * A failed API call: HTTP status, the server's error code with its values and its (English)
 * message, and the field messages by code. What a user reads is worded from the codes
 * (`lib/api-errors.ts`); the message is kept for the error log.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly method: string,
    readonly url: string,
    readonly fieldCodes: Record<string, MessageRef> = {},
    readonly params?: MessageParams,
    /** With `client_merged`: the client the one asked for was merged into. */
    readonly mergedInto?: number,
  ) {
    super(message);
  }
}

/**
 * The failure of a call whose session has ended (the refresh token was refused, or the user was
 * signed out meanwhile): the session-expired warning says it all, so no failure toast follows.
 */
export class SessionEndedError extends ApiError {}

/** Called when the refresh token is refused: the session has ended (spec §4, §8). */
let onSessionExpired: () => void = () => {};
export function setSessionExpiredHandler(handler: () => void) {
  onSessionExpired = handler;
}

let refreshing: Promise<boolean> | null = null;

/** The Web Lock every tab of the browser takes to refresh: they share one session (localStorage). */
const REFRESH_LOCK = 'cairn.refresh';

/**
 * Runs `refresh` while no other tab of the browser refreshes, where the browser has Web Locks (a
 * page served over plain HTTP from another host than localhost has none: there, one tab at a time
 * only).
 */
function oneTabAtATime(refresh: () => Promise<boolean>): Promise<boolean> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(REFRESH_LOCK, refresh) : refresh();
}

/**
 * A new access token, and the refresh token that replaces the one sent (the server rotates them,
 * ARCHITECTURE "Sessions"). One refresh at a time, however many calls got a 401 together (file
 * transfers too, `lib/file-transfer.ts`), and one across the browser's tabs: a refresh token
 * presented twice ends the session. So the refresh first reads the stored session again, and when
 * it holds another access token than the one refused (`refused`), another tab or an earlier
 * refresh has already replaced it: that one is used, and nothing is sent.
 */
export function refreshAccessToken(refused = session.get()?.accessToken): Promise<boolean> {
  refreshing ??= oneTabAtATime(async () => {
    const current = session.reload();
    if (!current) return false;
    if (current.accessToken !== refused) return true;
    const { data, response } = await publicApi.POST('/api/auth/token', {
      body: { refreshToken: current.refreshToken },
    });
    if (data) {
      session.update({ accessToken: data.accessToken, refreshToken: data.refreshToken });
      return true;
    }
    if (response.status === 404 || response.status === 401) {
      session.expire();
      onSessionExpired();
    }
    return false;
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function withToken(request: Request): Request {
  const token = session.get()?.accessToken;
  if (token) request.headers.set('Authorization', `Bearer ${token}`);
  return request;
}

/** The method of each answer's request, for the error log (spec §2: the failed request). */
const methods = new WeakMap<Response, string>();
async function send(request: Request): Promise<Response> {
  // The screen's language, so that what the server words without a signed-in user (an error on
  // the sign-in page, a shared dashboard's catalogue names) is in it too (issue 34).
  const language = i18n.resolvedLanguage ?? i18n.language;
  if (language) request.headers.set('Accept-Language', language);
  const res = await fetch(request);
  methods.set(res, request.method);
  return res;
}

/** The 401 answers of calls made in a session that has ended since. */
const sessionEnded = new WeakSet<Response>();

/** Sends with the access token; on a 401 refreshes it once and sends again (spec §4). */
export async function fetchSignedIn(request: Request): Promise<Response> {
  const again = request.clone();
  const sent = session.get()?.accessToken;
  const res = await send(withToken(request));
  if (res.status === 401 && session.get() && (await refreshAccessToken(sent))) return send(withToken(again));
  if (res.status === 401 && !session.get()) sessionEnded.add(res);
  return res;
}

const headers = { Accept: 'application/json' };

/** The API as the signed-in user: every path, body and answer typed from the API description. */
export const api = createClient<paths>({ fetch: fetchSignedIn, headers });

/** The same, without the access token (sign-in, password reset). */
export const publicApi = createClient<paths>({ fetch: send, headers });

/**
 * A new Idempotency-Key (ARCHITECTURE.md, "Saved once"): 128 random bits in hex, from
 * `crypto.getRandomValues`, which a page served over plain HTTP has too.
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

/** The `params` that send `key` as a create's Idempotency-Key header. */
export function idempotencyKeyParams(key: string) {
  return { header: { [IDEMPOTENCY_KEY_HEADER]: key } };
}

/** What the server says in a failed answer, if it says it in the API's error shape. */
export function errorOf(body: unknown) {
  return errorResponseSchema.safeParse(body).data?.error ?? null;
}

/** What an openapi-fetch call answers: its data (a 2xx), or the error body the server sent. */
type Answer = { data?: unknown; error?: unknown; response: Response };
/** The data of a call's 2xx answer (undefined for one without a body, such as a 204). */
type DataOf<R> = R extends { data: infer D; error?: never } ? ([D] extends [never] ? undefined : D) : never;

/**
 * The data of a typed call, or an ApiError with the server's code, message and field errors
 * (a body that is not the API's error shape keeps the status text); a SessionEndedError when the
 * call failed because the session ended.
 */
export function ok<R extends Answer>(call: Promise<R>): Promise<DataOf<R>>;
export async function ok(call: Promise<Answer>): Promise<unknown> {
  const result = await call;
  // openapi-fetch answers `{ data }` for a 2xx and `{ error }` otherwise (204 included).
  if (!('error' in result)) return result.data;
  const { response } = result;
  const said = errorOf(result.error);
  throw new (sessionEnded.has(response) ? SessionEndedError : ApiError)(
    response.status,
    said?.code ?? 'internal',
    said?.message ?? response.statusText,
    methods.get(response) ?? '',
    new URL(response.url || '/', 'http://cairn.invalid').pathname,
    said?.field_codes,
    said?.params,
    said?.merged_into,
  );
}
