import { Navigate, createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { LoadingState } from '../components/loading-state';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

/**
 * Route modules export `Component`; each area (marketing, app, console) is
 * loaded only when one of its routes is visited.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: () => <LoadingState />,
    children: [
      // marketing
      { index: true, lazy: () => import('./routes/marketing/home') },
      { path: 'team', lazy: () => import('./routes/marketing/team') },
      { path: 'help', lazy: () => import('./routes/marketing/help') },
      { path: 'jobs', lazy: () => import('./routes/marketing/jobs') },
      // app
      { path: 'signin', lazy: () => import('./routes/app/signin') },
      { path: 'user', lazy: () => import('./routes/app/user') },
      { path: 'user/collection', lazy: () => import('./routes/app/user-collection') },
      { path: 'dev/mailbox', lazy: () => import('./routes/app/dev-mailbox') },
      { path: 'dev/outbox', lazy: () => import('./routes/app/dev-outbox') },
      { path: '404', lazy: () => import('./routes/app/not-found') },
      // console
      {
        path: 'console',
        lazy: () => import('./routes/console/console-layout'),
        children: [
          { index: true, element: <Navigate to="/console/overview" replace /> },
          { path: 'overview', lazy: () => import('./routes/console/overview') },
          { path: 'projects', lazy: () => import('./routes/console/projects') },
          { path: 'projects/settings', lazy: () => import('./routes/console/project-settings') },
          { path: 'projects/addMember', lazy: () => import('./routes/console/add-member') },
          { path: 'projects/apiKeys', lazy: () => import('./routes/console/api-keys') },
          { path: 'projects/:id/APIKeys/Create', lazy: () => import('./routes/console/api-key-create') },
          { path: 'projects/:id', lazy: () => import('./routes/console/project-details') },
          { path: 'collections', lazy: () => import('./routes/console/collections') },
          { path: 'create-collection', lazy: () => import('./routes/console/create-collection') },
          {
            path: 'collections/:id',
            lazy: () => import('./routes/console/collection-layout'),
            children: [
              { index: true, element: <Navigate to="dashboard" replace /> },
              { path: 'dashboard', lazy: () => import('./routes/console/collection-dashboard') },
              { path: 'details', lazy: () => import('./routes/console/collection-details') },
              { path: 'branding', lazy: () => import('./routes/console/collection-branding') },
              { path: 'contract', lazy: () => import('./routes/console/collection-contract') },
              { path: 'registered/nfts', lazy: () => import('./routes/console/collection-registered-nfts') },
              { path: 'created/nfts', lazy: () => import('./routes/console/collection-created-nfts') },
            ],
          },
          { path: 'webhooks', lazy: () => import('./routes/console/webhooks') },
          { path: 'webhooks/:endpointId', lazy: () => import('./routes/console/webhook-endpoint') },
          { path: 'wallets', lazy: () => import('./routes/console/wallets') },
          { path: 'wallets/:address', lazy: () => import('./routes/console/wallet-details') },
          { path: '*', lazy: () => import('./routes/app/not-found') },
        ],
      },
      { path: '*', lazy: () => import('./routes/app/not-found') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
