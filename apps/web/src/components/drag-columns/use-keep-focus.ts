import { useEffect, useRef, type FocusEvent, type RefObject } from 'react';

const ROW = '[data-row]';
const CARD = '[data-card]';

/**
 * When the item that had focus leaves the list (added to the other list, removed), focus goes
 * to the item now in its place, or the last one, instead of falling back to the page: a
 * keyboard or screen reader user carries on where they were. Focus the user moved elsewhere
 * is left alone.
 */
export function useKeepFocus(containerRef: RefObject<HTMLElement | null>, change: unknown) {
  const last = useRef<{ node: HTMLElement; index: number } | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    const lost = last.current;
    if (!container || !lost || lost.node.isConnected) return;
    last.current = null;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const rows = container.querySelectorAll<HTMLElement>(ROW);
    rows[Math.min(lost.index, rows.length - 1)]?.querySelector<HTMLElement>(CARD)?.focus();
  }, [change, containerRef]);

  /** Remembers which row holds focus; put on the list's container as onFocus. */
  return (event: FocusEvent<HTMLElement>) => {
    const node = event.target as HTMLElement;
    const row = node.closest(ROW);
    const container = containerRef.current;
    if (!row || !container) return;
    last.current = { node, index: Array.from(container.querySelectorAll(ROW)).indexOf(row) };
  };
}
