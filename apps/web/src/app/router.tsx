import { Navigate, createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { LoadingState } from '../components/loading-state';
import { routeManifest, type RouteEntry, type RouteId } from './route-manifest';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

type RouteModule = Pick<RouteObject, 'lazy' | 'element'>;

/**
 * What each route of the manifest renders. Route modules export `Component`; each area (marketing, app,
 * console) is loaded only when one of its routes is visited.
 */
const modules: Record<RouteId, RouteModule> = {
  // marketing
  home: { lazy: () => import('./routes/marketing/home') },
  team: { lazy: () => import('./routes/marketing/team') },
  help: { lazy: () => import('./routes/marketing/help') },
  jobs: { lazy: () => import('./routes/marketing/jobs') },
  // app
  signin: { lazy: () => import('./routes/app/signin') },
  user: { lazy: () => import('./routes/app/user') },
  'user-collection': { lazy: () => import('./routes/app/user-collection') },
  'cli-signin': { lazy: () => import('./routes/app/cli-signin') },
  'cli-signin-success': { lazy: () => import('./routes/app/cli-signin-success') },
  'dev-mailbox': { lazy: () => import('./routes/app/dev-mailbox') },
  'dev-outbox': { lazy: () => import('./routes/app/dev-outbox') },
  'not-found-page': { lazy: () => import('./routes/app/not-found') },
  'not-found': { lazy: () => import('./routes/app/not-found') },
  // checkout
  checkout: { lazy: () => import('./routes/checkout/checkout') },
  // console
  console: { lazy: () => import('./routes/console/console-layout') },
  'console-index': { element: <Navigate to="/console/overview" replace /> },
  overview: { lazy: () => import('./routes/console/overview') },
  projects: { lazy: () => import('./routes/console/projects') },
  'project-settings': { lazy: () => import('./routes/console/project-settings') },
  'connected-apps': { lazy: () => import('./routes/console/connected-apps') },
  'project-branding': { lazy: () => import('./routes/console/project-branding') },
  'add-member': { lazy: () => import('./routes/console/add-member') },
  'api-keys': { lazy: () => import('./routes/console/api-keys') },
  'api-key-create': { lazy: () => import('./routes/console/api-key-create') },
  'project-details': { lazy: () => import('./routes/console/project-details') },
  orders: { lazy: () => import('./routes/console/orders') },
  'order-detail': { lazy: () => import('./routes/console/order-detail') },
  collections: { lazy: () => import('./routes/console/collections') },
  'create-collection': { lazy: () => import('./routes/console/create-collection') },
  collection: { lazy: () => import('./routes/console/collection-layout') },
  'collection-index': { element: <Navigate to="dashboard" replace /> },
  'collection-dashboard': { lazy: () => import('./routes/console/collection-dashboard') },
  'collection-details': { lazy: () => import('./routes/console/collection-details') },
  'collection-branding': { lazy: () => import('./routes/console/collection-branding') },
  'collection-payments': { lazy: () => import('./routes/console/collection-payments') },
  'collection-contract': { lazy: () => import('./routes/console/collection-contract') },
  'collection-registered-nfts': { lazy: () => import('./routes/console/collection-registered-nfts') },
  'collection-created-nfts': { lazy: () => import('./routes/console/collection-created-nfts') },
  'collection-orders': { lazy: () => import('./routes/console/collection-orders') },
  'collection-order': { lazy: () => import('./routes/console/collection-order') },
  'collection-nft': { lazy: () => import('./routes/console/collection-nft') },
  webhooks: { lazy: () => import('./routes/console/webhooks') },
  'webhook-endpoint': { lazy: () => import('./routes/console/webhook-endpoint') },
  wallets: { lazy: () => import('./routes/console/wallets') },
  'wallet-details': { lazy: () => import('./routes/console/wallet-details') },
  account: { lazy: () => import('./routes/console/account') },
  'authorize-device': { lazy: () => import('./routes/console/authorize-device') },
  'authorize-device-success': { lazy: () => import('./routes/console/authorize-device-success') },
  'console-not-found': { lazy: () => import('./routes/app/not-found') },
};

/** The manifest's routes (route-manifest.ts, which the server also reads) with their modules. */
function toRoutes(entries: readonly RouteEntry[]): RouteObject[] {
  return entries.map((entry) => {
    const module = modules[entry.id as RouteId];
    if (entry.index) return { id: entry.id, index: true, ...module };
    return { id: entry.id, path: entry.path, ...module, ...(entry.children ? { children: toRoutes(entry.children) } : {}) };
  });
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: () => <LoadingState />,
    children: toRoutes(routeManifest),
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
