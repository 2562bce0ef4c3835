import { useCallback, useEffect, useRef, useState } from 'react';
import { failureMessage } from './api-errors.ts';
import { ok } from './api-client.ts';
import { notify } from './notify.ts';

/** What a typed call made with `parseAs: 'stream'` answers (openapi-fetch). */
type StreamedAnswer = { data?: unknown; error?: unknown; response: Response };

/**
 * The file name a `Content-Disposition` header gives (`filename*=UTF-8''…` first, then
 * `filename="…"`), or `fallback` when it names none.
 */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A malformed name falls through to the plain one.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  return name || fallback;
}

/** Hands the browser a finished file to save under `name`. */
function saveFile(parts: BlobPart[], type: string, name: string) {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the address may go once this task is done.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export interface Download {
  /** Asks for the file and saves it; resolves to the saved name, or null when it failed. */
  start: (
    call: (signal: AbortSignal) => Promise<StreamedAnswer>,
    fallbackName: string,
  ) => Promise<string | null>;
  /** A file is being built and received. */
  busy: boolean;
  /** Bytes received so far (0 until the first arrive). */
  received: number;
}

/**
 * A signed-in download of a file the server streams (the ministry spreadsheet, a list's export):
 * the typed API call sends the bearer token (and renews it, as every call does), the answer is
 * read as it arrives so the screen can show the bytes received, then saved under the server's
 * file name. A failure shows the one failure message (spec §8). One download at a time; leaving
 * the screen stops it.
 */
export function useDownload(): Download {
  const [busy, setBusy] = useState(false);
  const [received, setReceived] = useState(0);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback<Download['start']>(async (call, fallbackName) => {
    if (controller.current) return null;
    const abort = new AbortController();
    controller.current = abort;
    setBusy(true);
    setReceived(0);
    try {
      const answer = call(abort.signal);
      await ok(answer);
      const { response } = await answer;
      const parts: BlobPart[] = [];
      if (response.body) {
        const reader = response.body.getReader();
        let total = 0;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          parts.push(value);
          total += value.byteLength;
          setReceived(total);
        }
      }
      const name = fileNameOf(response.headers.get('Content-Disposition'), fallbackName);
      saveFile(parts, response.headers.get('Content-Type') ?? 'application/octet-stream', name);
      return name;
    } catch (error) {
      if (!abort.signal.aborted) notify.error(failureMessage(error));
      return null;
    } finally {
      if (controller.current === abort) {
        controller.current = null;
        setBusy(false);
      }
    }
  }, []);

  return { start, busy, received };
}
