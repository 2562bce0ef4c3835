/**
 * What an embedded dashboard tells the reports screen that frames it, with postMessage to the
 * same origin: its link was refused (expired: the screen asks for a new one), and the height it
 * needs (the frame grows to it, so the page scrolls once, not twice).
 */
export type EmbedMessage =
  { type: 'cairn:dashboard-expired' } | { type: 'cairn:dashboard-height'; height: number };

/** The message, if `data` is one of ours. */
export function embedMessageOf(data: unknown): EmbedMessage | null {
  if (typeof data !== 'object' || data === null || !('type' in data)) return null;
  if (data.type === 'cairn:dashboard-expired') return { type: data.type };
  if (data.type === 'cairn:dashboard-height' && 'height' in data && typeof data.height === 'number') {
    return Number.isFinite(data.height) && data.height > 0 ? { type: data.type, height: data.height } : null;
  }
  return null;
}

/** Tells the framing page, when there is one of the same origin. */
export function tellParent(message: EmbedMessage) {
  if (window.parent !== window) window.parent.postMessage(message, window.location.origin);
}
