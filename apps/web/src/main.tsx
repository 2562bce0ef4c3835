import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dropzone/styles.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
// From react-router/dom: a navigation may ask for a synchronous render (flushSync).
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { PageLoader } from './components/page-loader.tsx';
import { router } from './app/router.tsx';
import { setSessionExpiredHandler } from './lib/api-client.ts';
import { navigationTrail } from './lib/failed-request.ts';
import i18n, { i18nReady } from './lib/i18n.ts';
import { followSessionLanguage } from './lib/language.ts';
import { notify } from './lib/notify.ts';
import { refusedPage } from './lib/refused-page.ts';

// Spec §4: when the refresh token is refused the session ends with a warning that stays; the
// route guard then opens the login page, which leads back to the same page after sign-in.
setSessionExpiredHandler(() => {
  notify.warning(i18n.t('common:session.expired'), { sticky: true });
});

let currentUrl = window.location.pathname + window.location.search;
router.subscribe((state) => {
  const next = state.location.pathname + state.location.search;
  if (next !== currentUrl) {
    navigationTrail.record(currentUrl);
    currentUrl = next;
  }
});

// Rendered once the active language's catalogues are in, the signed-in user's language among
// them, so no screen shows a key or another language meanwhile.
void i18nReady.then(followSessionLanguage).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers
        failedReads={{
          openErrorPage: () => void router.navigate('/404'),
          refuse: (refusal) => refusedPage.set(refusal, router.state.location.key),
          followMerge: (keptId) => void router.navigate(`/client/${keptId}`, { replace: true }),
        }}
      >
        {/* A screen's catalogues come with its code (app/screen.ts); one a component asks for
            beyond them is fetched then, this loader shown meanwhile. */}
        <Suspense fallback={<PageLoader />}>
          <RouterProvider router={router} />
        </Suspense>
      </Providers>
    </StrictMode>,
  ),
);
