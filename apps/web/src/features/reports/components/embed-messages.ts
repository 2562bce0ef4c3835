/**
 * What an embedded dashboard tells the reports screen that frames it, with postMessage to the
 * same origin: its link was refused (expired: the screen asks for a new one), the height it
 * needs (the frame grows to it, so the page scrolls once, not twice), and a list of clients to
 * open (a bar or a figure clicked: the screen goes there).
 */
export type EmbedMessage =
  | { type: 'cairn:dashboard-expired' }
  | { type: 'cairn:dashboard-height'; height: number }
  | { type: 'cairn:dashboard-open'; path: string };

/** The only screen a dashboard opens: the clients list, with its filters. */
const OPENS = /^\/clients(\?[^#]*)?$/;

/** The message, if `data` is one of ours. */
export function embedMessageOf(data: unknown): EmbedMessage | null {
  if (typeof data !== 'object' || data === null || !('type' in data)) return null;
  if (data.type === 'cairn:dashboard-expired') return { type: data.type };
  if (data.type === 'cairn:dashboard-height' && 'height' in data && typeof data.height === 'number') {
    return Number.isFinite(data.height) && data.height > 0 ? { type: data.type, height: data.height } : null;
  }
  if (data.type === 'cairn:dashboard-open' && 'path' in data && typeof data.path === 'string') {
    return OPENS.test(data.path) ? { type: data.type, path: data.path } : null;
  }
  return null;
}

/** Whether the page is framed by a page of the same origin (the reports screen). */
function framed(): boolean {
  return window.parent !== window;
}

/** Tells the framing page, when there is one of the same origin. */
export function tellParent(message: EmbedMessage) {
  if (framed()) window.parent.postMessage(message, window.location.origin);
}

/**
 * Opens a clients list from the dashboard: the framing screen goes there itself (no reload), and a
 * dashboard opened alone goes there in its own window.
 */
export function openFromDashboard(path: string) {
  if (framed()) tellParent({ type: 'cairn:dashboard-open', path });
  else window.location.assign(path);
}
