import { useCallback, useRef } from 'react';
// eslint-disable-next-line no-restricted-syntax -- the one place that reads React Router's query
import { useSearchParams } from 'react-router';

/**
 * The address's query, and a change of it that never undoes the one before. React Router does not
 * queue changes of the address as React queues state: a change asked for before the address shows
 * the one before it would build on the old address and undo it (a date typed in each of two fields
 * in quick succession lost the first). So each change builds on the last one asked for while the
 * address still shows one of the asks on the way to it, and on the address itself once something
 * else has changed it, or once it shows the last ask (the chain then starts again, so it holds only
 * the asks made while the address caught up). Every screen that keeps its state in the address
 * changes it through this.
 */
export function useAddressQuery() {
  const [query, setQuery] = useSearchParams();
  const asked = useRef<{ onTheWay: Set<string>; last: URLSearchParams } | null>(null);
  const change = useCallback(
    (build: (current: URLSearchParams) => URLSearchParams, options: { replace?: boolean } = {}) => {
      const shown = query.toString();
      const current = asked.current;
      const chain =
        current && current.onTheWay.has(shown) && current.last.toString() !== shown ? current : null;
      const next = build(new URLSearchParams(chain ? chain.last : query));
      const onTheWay = chain ? chain.onTheWay : new Set([shown]);
      onTheWay.add(next.toString());
      asked.current = { onTheWay, last: next };
      setQuery(next, { replace: options.replace });
    },
    [query, setQuery],
  );
  return [query, change] as const;
}
