import { ApiError, errorOf, fetchSignedIn, refreshAccessToken, SessionEndedError } from './api-client.ts';
import { session } from './session.ts';

/**
 * Files to and from the API, outside openapi-fetch: an upload through XMLHttpRequest, which alone
 * reports its progress, and a download as a Blob. Both carry the access token and, on a 401,
 * refresh it once and try again, as every other call does (`lib/api-client.ts`).
 */

/** The ApiError of a failed answer, from its status and body (the API's error shape, if it is one). */
function failure(status: number, body: unknown, method: string, url: string, statusText = ''): ApiError {
  const said = errorOf(body);
  const Failure = status === 401 && !session.get() ? SessionEndedError : ApiError;
  return new Failure(
    status,
    said?.code ?? 'internal',
    said?.message ?? statusText,
    method,
    new URL(url, 'http://cairn.invalid').pathname,
    said?.field_codes,
    said?.params,
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Thrown when the user cancels an upload. */
export class UploadCancelled extends Error {}

export interface UploadOptions {
  /** Called as bytes leave, with the share sent (0 to 1). */
  onProgress?: (sent: number) => void;
  /** Aborting it cancels the upload (rejects with UploadCancelled). */
  signal?: AbortSignal;
}

function sendForm(
  url: string,
  form: FormData,
  options: UploadOptions,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const token = session.get()?.accessToken;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, body: parseJson(xhr.responseText) });
    xhr.onerror = () => reject(new ApiError(0, 'internal', 'network error', 'POST', url));
    xhr.onabort = () => reject(new UploadCancelled());
    if (options.signal?.aborted) return reject(new UploadCancelled());
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** POSTs a multipart form; answers the 2xx body, or throws the ApiError of the refusal. */
export async function uploadForm(
  url: string,
  form: () => FormData,
  options: UploadOptions = {},
): Promise<unknown> {
  const sent = session.get()?.accessToken;
  let answer = await sendForm(url, form(), options);
  if (answer.status === 401 && session.get() && (await refreshAccessToken(sent))) {
    options.onProgress?.(0);
    answer = await sendForm(url, form(), options);
  }
  if (answer.status >= 200 && answer.status < 300) return answer.body;
  throw failure(answer.status, answer.body, 'POST', url);
}

/** GETs a file's bytes as a Blob (typed as the server says), or throws the ApiError of the refusal. */
export async function downloadBlob(url: string): Promise<Blob> {
  const res = await fetchSignedIn(new Request(url, { headers: { Accept: '*/*' } }));
  if (!res.ok) {
    throw failure(res.status, parseJson(await res.text()), 'GET', url, res.statusText);
  }
  return res.blob();
}

/** Hands a Blob to the browser to save under `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
