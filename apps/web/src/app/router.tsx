import type { Capability } from '@cairn/shared/roles';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { screen } from './screen.ts';
import {
  GoHome,
  RedirectIfSignedIn,
  RefusableOutlet,
  RequireCapability,
  RequireHelpCategory,
  RequireSession,
} from './route-guards.tsx';

/**
 * Screens a role opens only with `capability` (spec §6, the matrix the server checks too): screens
 * that create or change records need the write right, lists and profiles the read or menu right.
 * Anyone else gets the no-access page in their place.
 */
const allow = (capability: Capability, children: RouteObject[]): RouteObject => ({
  element: <RequireCapability capability={capability} />,
  children,
});

const routes: RouteObject[] = [
  {
    element: <RedirectIfSignedIn />,
    children: [
      {
        path: '/login',
        lazy: screen(
          ['auth'],
          () => import('../features/auth/pages/login-page.tsx'),
          (m) => m.LoginPage,
        ),
      },
      {
        path: '/login/forgot',
        lazy: screen(
          ['auth'],
          () => import('../features/auth/pages/forgot-password-page.tsx'),
          (m) => m.ForgotPasswordPage,
        ),
      },
    ],
  },
  // Open signed in or not: an invitation link can reach someone already signed in on this browser.
  {
    path: '/login/reset-password',
    lazy: screen(
      ['auth'],
      () => import('../features/auth/pages/reset-password-page.tsx'),
      (m) => m.ResetPasswordPage,
    ),
  },
  // A dashboard at its signed link (issue 12): the token is the credential, so no sign-in, and
  // outside the signed-in layout, framed by the reports screen. Its charts load with it only.
  {
    path: '/embed/dashboard/:token',
    lazy: screen(
      ['clients', 'mappings', 'plan-records', 'plans', 'reports'],
      () => import('../features/reports/pages/embed-dashboard-page.tsx'),
      (m) => m.EmbedDashboardPage,
    ),
  },
  {
    element: <RequireSession />,
    children: [
      {
        lazy: screen(
          ['interactions', 'layout'],
          () => import('./layout/app-layout.tsx'),
          (m) => m.AppLayout,
        ),
        children: [
          {
            element: <RefusableOutlet />,
            children: [
              { path: '/', element: <GoHome /> },
              allow('work.own', [
                {
                  path: '/my-work',
                  lazy: screen(
                    ['my-work'],
                    () => import('../features/my-work/pages/my-work-page.tsx'),
                    (m) => m.MyWorkPage,
                  ),
                },
              ]),
              allow('users.manage', [
                {
                  path: '/users',
                  lazy: screen(
                    ['users'],
                    () => import('../features/users/pages/user-list-page.tsx'),
                    (m) => m.UserListPage,
                  ),
                },
                {
                  path: '/user/create',
                  lazy: screen(
                    ['users'],
                    () => import('../features/users/pages/user-create-page.tsx'),
                    (m) => m.UserCreatePage,
                  ),
                },
              ]),
              // Everyone opens their own account (spec §2 Login: a Reporter's small-screen landing).
              {
                element: <RequireCapability capability="users.manage" ownAccountParam="userId" />,
                children: [
                  {
                    path: '/user/:userId',
                    lazy: screen(
                      ['audit', 'caseloads', 'users'],
                      () => import('../features/users/pages/user-profile-page.tsx'),
                      (m) => m.UserProfilePage,
                    ),
                  },
                ],
              },
              allow('centres.manage', [
                {
                  path: '/centres',
                  lazy: screen(
                    ['centres'],
                    () => import('../features/centres/pages/centre-list-page.tsx'),
                    (m) => m.CentreListPage,
                  ),
                },
                {
                  path: '/centre/create',
                  lazy: screen(
                    ['centres'],
                    () => import('../features/centres/pages/centre-create-page.tsx'),
                    (m) => m.CentreCreatePage,
                  ),
                },
                {
                  path: '/centre/:centreId',
                  lazy: screen(
                    ['centres'],
                    () => import('../features/centres/pages/centre-profile-page.tsx'),
                    (m) => m.CentreProfilePage,
                  ),
                },
              ]),
              allow('audit.read', [
                {
                  path: '/audit',
                  lazy: screen(
                    ['audit', 'users'],
                    () => import('../features/audit/pages/audit-page.tsx'),
                    (m) => m.AuditPage,
                  ),
                },
              ]),
              allow('cases.read', [
                {
                  path: '/clients',
                  lazy: screen(
                    ['caseloads', 'clients', 'mappings', 'plan-records', 'plans', 'reports'],
                    () => import('../features/clients/pages/client-list-page.tsx'),
                    (m) => m.ClientListPage,
                  ),
                },
                {
                  path: '/client/:clientId',
                  lazy: screen(
                    ['attachments', 'audit', 'caseloads', 'clients', 'interactions', 'plans', 'users'],
                    () => import('../features/clients/pages/client-profile-page.tsx'),
                    (m) => m.ClientProfilePage,
                  ),
                },
                {
                  path: '/client/:clientId/plan/:planId',
                  lazy: screen(
                    ['clients', 'plan-items', 'plan-records', 'plans'],
                    () => import('../features/plans/pages/plan-profile-page.tsx'),
                    (m) => m.PlanProfilePage,
                  ),
                },
                {
                  path: '/client/:clientId/stories',
                  lazy: screen(
                    ['clients', 'plans', 'stories'],
                    () => import('../features/stories/pages/stories-page.tsx'),
                    (m) => m.StoriesPage,
                  ),
                },
              ]),
              allow('cases.write', [
                {
                  path: '/clients/import',
                  lazy: screen(
                    ['clients', 'imports'],
                    () => import('../features/clients/pages/client-import-page.tsx'),
                    (m) => m.ClientImportPage,
                  ),
                },
                {
                  path: '/client/create',
                  lazy: screen(
                    ['caseloads', 'clients'],
                    () => import('../features/clients/pages/client-intake-page.tsx'),
                    (m) => m.ClientIntakePage,
                  ),
                },
                {
                  path: '/clients/duplicates',
                  lazy: screen(
                    ['clients'],
                    () => import('../features/clients/pages/client-duplicates-page.tsx'),
                    (m) => m.ClientDuplicatesPage,
                  ),
                },
                {
                  path: '/client/:clientId/merge',
                  lazy: screen(
                    ['clients', 'interactions', 'plans'],
                    () => import('../features/clients/pages/client-merge-page.tsx'),
                    (m) => m.ClientMergePage,
                  ),
                },
                {
                  path: '/client/:clientId/plan/create',
                  lazy: screen(
                    ['clients', 'plan-items', 'plans'],
                    () => import('../features/plans/pages/new-plan-page.tsx'),
                    (m) => m.NewPlanPage,
                  ),
                },
                {
                  path: '/interaction',
                  lazy: screen(
                    ['interactions'],
                    () => import('../features/interactions/pages/interaction-page.tsx'),
                    (m) => m.InteractionPage,
                  ),
                },
              ]),
              allow('groups.manage', [
                {
                  path: '/groups',
                  lazy: screen(
                    ['groups'],
                    () => import('../features/groups/pages/group-list-page.tsx'),
                    (m) => m.GroupListPage,
                  ),
                },
                {
                  path: '/group/create',
                  lazy: screen(
                    ['groups', 'interactions'],
                    () => import('../features/groups/pages/group-create-page.tsx'),
                    (m) => m.GroupCreatePage,
                  ),
                },
                {
                  path: '/group/:groupId',
                  lazy: screen(
                    ['groups', 'interactions', 'plan-items'],
                    () => import('../features/groups/pages/group-profile-page.tsx'),
                    (m) => m.GroupProfilePage,
                  ),
                },
              ]),
              allow('catalogue.manage', [
                {
                  path: '/mappings',
                  lazy: screen(
                    ['mappings'],
                    () => import('../features/mappings/pages/mappings-home-page.tsx'),
                    (m) => m.MappingsHomePage,
                  ),
                },
                {
                  path: '/mapping/:category',
                  lazy: screen(
                    ['mappings'],
                    () => import('../features/mappings/pages/mapping-list-page.tsx'),
                    (m) => m.MappingListPage,
                  ),
                },
                {
                  path: '/mapping/:category/:id',
                  lazy: screen(
                    ['mappings'],
                    () => import('../features/mappings/pages/mapping-item-page.tsx'),
                    (m) => m.MappingItemPage,
                  ),
                },
              ]),
              allow('nav.documents', [
                {
                  path: '/documents',
                  lazy: screen(
                    ['documents'],
                    () => import('../features/documents/pages/documents-page.tsx'),
                    (m) => m.DocumentsPage,
                  ),
                },
              ]),
              allow('reports.dashboards', [
                {
                  path: '/reports',
                  lazy: screen(
                    ['reports'],
                    () => import('../features/reports/pages/reports-page.tsx'),
                    (m) => m.ReportsPage,
                  ),
                },
              ]),
              // Every role has a help centre (spec §6: Reporting is everyone's); a category's
              // screens only for the roles that read it.
              allow('help.read', [
                {
                  path: '/help',
                  lazy: screen(
                    ['help'],
                    () => import('../features/help/pages/help-home-page.tsx'),
                    (m) => m.HelpHomePage,
                  ),
                },
                {
                  path: '/help/search',
                  lazy: screen(
                    ['help'],
                    () => import('../features/help/pages/help-search-page.tsx'),
                    (m) => m.HelpSearchPage,
                  ),
                },
                {
                  element: <RequireHelpCategory />,
                  children: [
                    {
                      path: '/help/:helpCategory',
                      lazy: screen(
                        ['help'],
                        () => import('../features/help/pages/help-category-page.tsx'),
                        (m) => m.HelpCategoryPage,
                      ),
                    },
                    {
                      path: '/help/:helpCategory/:helpPage',
                      lazy: screen(
                        ['help'],
                        () => import('../features/help/pages/help-article-page.tsx'),
                        (m) => m.HelpArticlePage,
                      ),
                    },
                  ],
                },
              ]),
              // Inside the layout so that the navigation stays at hand on the error page.
              {
                path: '/404',
                lazy: screen(
                  [],
                  () => import('../features/errors/pages/error-page.tsx'),
                  (m) => m.ErrorPage,
                ),
              },
              { path: '*', element: <Navigate to="/404" replace /> },
            ],
          },
        ],
      },
    ],
  },
];

// The root carries the loader shown while the first screen's code arrives.
export const router = createBrowserRouter([{ HydrateFallback: PageLoader, children: routes }]);
