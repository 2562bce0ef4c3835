import type { ComponentType } from 'react';
import i18n from '../lib/i18n.ts';

/**
 * A screen of the router: its code and the catalogues it speaks from, fetched together when the
 * screen is first opened (issue 34: catalogues per route). The catalogues every screen needs are
 * loaded at start (`STARTING_NAMESPACES`, lib/i18n.ts); a house test
 * (apps/server/test/house/screen-namespaces.test.ts) checks that each screen names exactly the
 * other catalogues its modules use. One it missed would still be fetched, by react-i18next when
 * the component asks for it (a loader shown meanwhile), one round trip later.
 */
export function screen<M>(
  namespaces: readonly string[],
  load: () => Promise<M>,
  component: (module: M) => ComponentType,
): () => Promise<{ Component: ComponentType }> {
  return () =>
    Promise.all([load(), i18n.loadNamespaces([...namespaces])]).then(([module]) => ({
      Component: component(module),
    }));
}
