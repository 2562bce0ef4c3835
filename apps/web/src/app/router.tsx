import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { PlaceholderPage } from '../components/placeholder-page.tsx';
import { RedirectIfSignedIn, RequireSession } from './route-guards.tsx';

/** A placeholder for a screen built by a later capability. */
const later = (path: string, titleKey: string): RouteObject => ({
  path,
  element: <PlaceholderPage titleKey={titleKey} />,
});

const routes: RouteObject[] = [
  {
    element: <RedirectIfSignedIn />,
    children: [
      {
        path: '/login',
        lazy: () => import('../features/auth/pages/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: '/login/forgot',
        lazy: () =>
          import('../features/auth/pages/forgot-password-page.tsx').then((m) => ({
            Component: m.ForgotPasswordPage,
          })),
      },
    ],
  },
  // Open signed in or not: an invitation link can reach someone already signed in on this browser.
  {
    path: '/login/reset-password',
    lazy: () =>
      import('../features/auth/pages/reset-password-page.tsx').then((m) => ({
        Component: m.ResetPasswordPage,
      })),
  },
  {
    element: <RequireSession />,
    children: [
      {
        lazy: () => import('./layout/app-layout.tsx').then((m) => ({ Component: m.AppLayout })),
        children: [
          { path: '/', element: <Navigate to="/clients" replace /> },
          {
            path: '/users',
            lazy: () =>
              import('../features/users/pages/user-list-page.tsx').then((m) => ({
                Component: m.UserListPage,
              })),
          },
          {
            path: '/user/create',
            lazy: () =>
              import('../features/users/pages/user-create-page.tsx').then((m) => ({
                Component: m.UserCreatePage,
              })),
          },
          {
            path: '/user/:userId',
            lazy: () =>
              import('../features/users/pages/user-profile-page.tsx').then((m) => ({
                Component: m.UserProfilePage,
              })),
          },
          {
            path: '/centres',
            lazy: () =>
              import('../features/centres/pages/centre-list-page.tsx').then((m) => ({
                Component: m.CentreListPage,
              })),
          },
          {
            path: '/centre/create',
            lazy: () =>
              import('../features/centres/pages/centre-create-page.tsx').then((m) => ({
                Component: m.CentreCreatePage,
              })),
          },
          {
            path: '/centre/:centreId',
            lazy: () =>
              import('../features/centres/pages/centre-profile-page.tsx').then((m) => ({
                Component: m.CentreProfilePage,
              })),
          },
          {
            path: '/clients',
            lazy: () =>
              import('../features/clients/pages/client-list-page.tsx').then((m) => ({
                Component: m.ClientListPage,
              })),
          },
          {
            path: '/client/create',
            lazy: () =>
              import('../features/clients/pages/client-intake-page.tsx').then((m) => ({
                Component: m.ClientIntakePage,
              })),
          },
          {
            path: '/client/:clientId',
            lazy: () =>
              import('../features/clients/pages/client-profile-page.tsx').then((m) => ({
                Component: m.ClientProfilePage,
              })),
          },
          {
            path: '/client/:clientId/plan/create',
            lazy: () =>
              import('../features/plans/pages/new-plan-page.tsx').then((m) => ({ Component: m.NewPlanPage })),
          },
          {
            path: '/client/:clientId/plan/:planId',
            lazy: () =>
              import('../features/plans/pages/plan-profile-page.tsx').then((m) => ({
                Component: m.PlanProfilePage,
              })),
          },
          {
            path: '/client/:clientId/stories',
            lazy: () =>
              import('../features/stories/pages/stories-page.tsx').then((m) => ({
                Component: m.StoriesPage,
              })),
          },
          {
            path: '/interaction',
            lazy: () =>
              import('../features/interactions/pages/interaction-page.tsx').then((m) => ({
                Component: m.InteractionPage,
              })),
          },
          later('/groups', 'routes.groups'),
          later('/group/create', 'routes.newGroup'),
          later('/group/:groupId', 'routes.group'),
          later('/mappings', 'routes.mappings'),
          later('/mapping/:category', 'routes.mappings'),
          later('/mapping/:category/:id', 'routes.mappings'),
          later('/help', 'routes.help'),
          later('/help/search', 'routes.help'),
          later('/help/:helpCategory', 'routes.help'),
          later('/help/:helpCategory/:helpPage', 'routes.help'),
          later('/documents', 'routes.documents'),
          later('/reports', 'routes.reports'),
          // Inside the layout so that the navigation stays at hand on the error page.
          {
            path: '/404',
            lazy: () =>
              import('../features/errors/pages/error-page.tsx').then((m) => ({ Component: m.ErrorPage })),
          },
          { path: '*', element: <Navigate to="/404" replace /> },
        ],
      },
    ],
  },
];

// The root carries the loader shown while the first screen's code arrives.
export const router = createBrowserRouter([{ HydrateFallback: PageLoader, children: routes }]);
