// issue 10 §4 "Soft 404s": the router is built from the route manifest, and the manifest's matcher (which the
// server uses to answer 200 or 404) agrees with the router on which paths are pages.
import { matchRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MARKETING_PATHS } from '../lib/marketing-paths';
import { appPathPatterns, isAppPath } from './route-manifest';
import { routes } from './router';

/** The router's routes below its root layout, flattened to full path patterns as the manifest flattens them. */
function routerPatterns(objects: RouteObject[], parent = ''): { id: string | undefined; pattern: string }[] {
  return objects.flatMap((route) => {
    const pattern = route.index ? parent || '/' : `${parent}/${route.path ?? ''}`.replace(/\/+/g, '/');
    return [{ id: route.id, pattern }, ...(route.children ? routerPatterns(route.children, pattern === '/' ? '' : pattern) : [])];
  });
}

const notFoundIds = new Set(
  appPathPatterns()
    .filter((route) => route.notFound)
    .map((route) => route.id),
);

describe('route manifest', () => {
  it('every manifest route is a route of the router, and every route of the router is in the manifest', () => {
    const [root] = routes;
    expect(routes).toHaveLength(1);
    expect(root?.path).toBeUndefined();
    const fromRouter = routerPatterns(root?.children ?? []);
    const fromManifest = appPathPatterns().map(({ id, pattern }) => ({ id, pattern }));
    expect(fromRouter).toEqual(fromManifest);
    expect(fromManifest.map((route) => route.pattern)).toEqual(
      expect.arrayContaining(['/', '/signin', '/console/overview', '/console/collections/:id/dashboard']),
    );
  });

  it("the light marketing entry's pages are pages of the manifest", () => {
    expect(MARKETING_PATHS.filter((path) => !isAppPath(path))).toEqual([]);
  });

  it('isAppPath agrees with the router on which paths render a page and which the not-found page', () => {
    const pages = [
      '/',
      '/team',
      '/help/',
      '/jobs',
      '/signin',
      '/user',
      '/user/collection',
      '/dev/mailbox',
      '/dev/outbox',
      '/console',
      '/console/',
      '/console/overview',
      '/CONSOLE/Overview',
      '/console/projects',
      '/console/projects/settings',
      '/console/projects/addMember',
      '/console/projects/apiKeys',
      '/console/projects/0b6f/APIKeys/Create',
      '/console/projects/0b6f/apikeys/create',
      '/console/projects/0b6f',
      '/console/collections',
      '/console/create-collection',
      '/console/collections/abc',
      '/console/collections/abc/dashboard',
      '/console/collections/abc/payments',
      '/console/collections/abc/registered/nfts',
      '/console/collections/abc/orders',
      '/console/collections/abc/orders/o1',
      '/console/orders',
      '/console/orders/o1',
      '/console/collections/abc/created/nfts/',
      '/console/webhooks/e1',
      '/console/wallets/0xabc',
      '/checkout/x',
    ];
    const missing = [
      '/404',
      '/pricing',
      '/legal/x',
      '/alpha/x',
      '/claim/x',
      '/checkout',
      '/checkout/x/y',
      '/collections/x',
      '/admin',
      '/contact',
      '/team/x',
      '/user/collection/x',
      '/dev',
      '/console/nonexistent',
      '/console/projects/0b6f/other',
      '/console/collections/abc/payouts',
      '/console/orders/o1/x',
      '/console/webhooks/e1/x',
      '//team',
    ];
    for (const path of [...pages, ...missing]) {
      const matched = matchRoutes(routes, path)?.at(-1)?.route.id;
      const routerPage = matched !== undefined && !notFoundIds.has(matched);
      expect({ path, page: isAppPath(path) }).toEqual({ path, page: routerPage });
      expect({ path, page: routerPage }).toEqual({ path, page: pages.includes(path) });
    }
  });
});
