import type { Capability } from '@cairn/shared/roles';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
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
  // A dashboard at its signed link (issue 12): the token is the credential, so no sign-in, and
  // outside the signed-in layout, framed by the reports screen. Its charts load with it only.
  {
    path: '/embed/dashboard/:token',
    lazy: () =>
      import('../features/reports/pages/embed-dashboard-page.tsx').then((m) => ({
        Component: m.EmbedDashboardPage,
      })),
  },
  {
    element: <RequireSession />,
    children: [
      {
        lazy: () => import('./layout/app-layout.tsx').then((m) => ({ Component: m.AppLayout })),
        children: [
          {
            element: <RefusableOutlet />,
            children: [
              { path: '/', element: <GoHome /> },
              allow('work.own', [
                {
                  path: '/my-work',
                  lazy: () =>
                    import('../features/my-work/pages/my-work-page.tsx').then((m) => ({
                      Component: m.MyWorkPage,
                    })),
                },
              ]),
              allow('users.manage', [
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
              ]),
              // Everyone opens their own account (spec §2 Login: a Reporter's small-screen landing).
              {
                element: <RequireCapability capability="users.manage" ownAccountParam="userId" />,
                children: [
                  {
                    path: '/user/:userId',
                    lazy: () =>
                      import('../features/users/pages/user-profile-page.tsx').then((m) => ({
                        Component: m.UserProfilePage,
                      })),
                  },
                ],
              },
              allow('centres.manage', [
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
              ]),
              allow('audit.read', [
                {
                  path: '/audit',
                  lazy: () =>
                    import('../features/audit/pages/audit-page.tsx').then((m) => ({
                      Component: m.AuditPage,
                    })),
                },
              ]),
              allow('cases.read', [
                {
                  path: '/clients',
                  lazy: () =>
                    import('../features/clients/pages/client-list-page.tsx').then((m) => ({
                      Component: m.ClientListPage,
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
              ]),
              allow('cases.write', [
                {
                  path: '/clients/import',
                  lazy: () =>
                    import('../features/clients/pages/client-import-page.tsx').then((m) => ({
                      Component: m.ClientImportPage,
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
                  path: '/clients/duplicates',
                  lazy: () =>
                    import('../features/clients/pages/client-duplicates-page.tsx').then((m) => ({
                      Component: m.ClientDuplicatesPage,
                    })),
                },
                {
                  path: '/client/:clientId/merge',
                  lazy: () =>
                    import('../features/clients/pages/client-merge-page.tsx').then((m) => ({
                      Component: m.ClientMergePage,
                    })),
                },
                {
                  path: '/client/:clientId/plan/create',
                  lazy: () =>
                    import('../features/plans/pages/new-plan-page.tsx').then((m) => ({
                      Component: m.NewPlanPage,
                    })),
                },
                {
                  path: '/interaction',
                  lazy: () =>
                    import('../features/interactions/pages/interaction-page.tsx').then((m) => ({
                      Component: m.InteractionPage,
                    })),
                },
              ]),
              allow('groups.manage', [
                {
                  path: '/groups',
                  lazy: () =>
                    import('../features/groups/pages/group-list-page.tsx').then((m) => ({
                      Component: m.GroupListPage,
                    })),
                },
                {
                  path: '/group/create',
                  lazy: () =>
                    import('../features/groups/pages/group-create-page.tsx').then((m) => ({
                      Component: m.GroupCreatePage,
                    })),
                },
                {
                  path: '/group/:groupId',
                  lazy: () =>
                    import('../features/groups/pages/group-profile-page.tsx').then((m) => ({
                      Component: m.GroupProfilePage,
                    })),
                },
              ]),
              allow('catalogue.manage', [
                {
                  path: '/mappings',
                  lazy: () =>
                    import('../features/mappings/pages/mappings-home-page.tsx').then((m) => ({
                      Component: m.MappingsHomePage,
                    })),
                },
                {
                  path: '/mapping/:category',
                  lazy: () =>
                    import('../features/mappings/pages/mapping-list-page.tsx').then((m) => ({
                      Component: m.MappingListPage,
                    })),
                },
                {
                  path: '/mapping/:category/:id',
                  lazy: () =>
                    import('../features/mappings/pages/mapping-item-page.tsx').then((m) => ({
                      Component: m.MappingItemPage,
                    })),
                },
              ]),
              allow('nav.documents', [
                {
                  path: '/documents',
                  lazy: () =>
                    import('../features/documents/pages/documents-page.tsx').then((m) => ({
                      Component: m.DocumentsPage,
                    })),
                },
              ]),
              allow('reports.dashboards', [
                {
                  path: '/reports',
                  lazy: () =>
                    import('../features/reports/pages/reports-page.tsx').then((m) => ({
                      Component: m.ReportsPage,
                    })),
                },
              ]),
              // Every role has a help centre (spec §6: Reporting is everyone's); a category's
              // screens only for the roles that read it.
              allow('help.read', [
                {
                  path: '/help',
                  lazy: () =>
                    import('../features/help/pages/help-home-page.tsx').then((m) => ({
                      Component: m.HelpHomePage,
                    })),
                },
                {
                  path: '/help/search',
                  lazy: () =>
                    import('../features/help/pages/help-search-page.tsx').then((m) => ({
                      Component: m.HelpSearchPage,
                    })),
                },
                {
                  element: <RequireHelpCategory />,
                  children: [
                    {
                      path: '/help/:helpCategory',
                      lazy: () =>
                        import('../features/help/pages/help-category-page.tsx').then((m) => ({
                          Component: m.HelpCategoryPage,
                        })),
                    },
                    {
                      path: '/help/:helpCategory/:helpPage',
                      lazy: () =>
                        import('../features/help/pages/help-article-page.tsx').then((m) => ({
                          Component: m.HelpArticlePage,
                        })),
                    },
                  ],
                },
              ]),
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
    ],
  },
];

// The root carries the loader shown while the first screen's code arrives.
export const router = createBrowserRouter([{ HydrateFallback: PageLoader, children: routes }]);
