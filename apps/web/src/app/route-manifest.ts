// Every page the web app has, in one place. The router builds its routes from this tree (router.tsx), and the
// server answers 200 only for paths it matches and 404 for any other (apps/server/src/web/static.ts), so a page
// that does not exist is missing for crawlers and monitors too.
//
// The server imports this file as TypeScript source (Node strips the types), so it stays plain data and
// functions: no imports, and only erasable TypeScript syntax.

/**
 * A route: its React Router path pattern (static segments, `:param`, a final `*`) relative to its parent, or
 * `index` for the parent's own path. `notFound` marks routes that render the not-found page.
 */
export type RouteEntry = {
  /** Names the route's module in router.tsx. */
  readonly id: string;
  readonly path?: string;
  readonly index?: true;
  readonly notFound?: true;
  readonly children?: readonly RouteEntry[];
};

export const routeManifest = [
  // marketing
  { id: 'home', index: true },
  { id: 'team', path: 'team' },
  { id: 'help', path: 'help' },
  { id: 'jobs', path: 'jobs' },
  // app
  { id: 'signin', path: 'signin' },
  { id: 'user', path: 'user' },
  { id: 'user-collection', path: 'user/collection' },
  { id: 'dev-mailbox', path: 'dev/mailbox' },
  { id: 'dev-outbox', path: 'dev/outbox' },
  { id: 'not-found-page', path: '404', notFound: true },
  // console
  {
    id: 'console',
    path: 'console',
    children: [
      { id: 'console-index', index: true },
      { id: 'overview', path: 'overview' },
      { id: 'projects', path: 'projects' },
      { id: 'project-settings', path: 'projects/settings' },
      { id: 'add-member', path: 'projects/addMember' },
      { id: 'api-keys', path: 'projects/apiKeys' },
      { id: 'api-key-create', path: 'projects/:id/APIKeys/Create' },
      { id: 'project-details', path: 'projects/:id' },
      { id: 'collections', path: 'collections' },
      { id: 'create-collection', path: 'create-collection' },
      {
        id: 'collection',
        path: 'collections/:id',
        children: [
          { id: 'collection-index', index: true },
          { id: 'collection-dashboard', path: 'dashboard' },
          { id: 'collection-details', path: 'details' },
          { id: 'collection-branding', path: 'branding' },
          { id: 'collection-contract', path: 'contract' },
          { id: 'collection-registered-nfts', path: 'registered/nfts' },
          { id: 'collection-created-nfts', path: 'created/nfts' },
        ],
      },
      { id: 'webhooks', path: 'webhooks' },
      { id: 'webhook-endpoint', path: 'webhooks/:endpointId' },
      { id: 'wallets', path: 'wallets' },
      { id: 'wallet-details', path: 'wallets/:address' },
      { id: 'console-not-found', path: '*', notFound: true },
    ],
  },
  { id: 'not-found', path: '*', notFound: true },
] as const satisfies readonly RouteEntry[];

type IdsOf<T> = T extends readonly (infer E)[]
  ? E extends { readonly id: infer I }
    ? I | (E extends { readonly children: infer C } ? IdsOf<C> : never)
    : never
  : never;

/** The id of every route in the manifest. */
export type RouteId = IdsOf<typeof routeManifest>;

/** A route's full path pattern, from the root (`/console/projects/:id`), and whether it is a not-found page. */
export type AppPathPattern = { readonly id: string; readonly pattern: string; readonly notFound: boolean };

/** Every route flattened to its full pattern; an index route has its parent's. */
export function appPathPatterns(entries: readonly RouteEntry[] = routeManifest, parent = ''): AppPathPattern[] {
  return entries.flatMap((entry) => {
    const pattern = entry.index ? parent || '/' : `${parent}/${entry.path ?? ''}`.replace(/\/+/g, '/');
    const own: AppPathPattern = { id: entry.id, pattern, notFound: entry.notFound === true };
    return [own, ...(entry.children ? appPathPatterns(entry.children, pattern === '/' ? '' : pattern) : [])];
  });
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * Whether `pattern` matches `pathname` as the router matches it: segment by segment, ignoring case and trailing
 * slashes; `:param` takes one non-empty segment and a final `*` the rest.
 */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter((segment) => segment !== '');
  const trimmed = pathname.replace(/\/+$/, '');
  const have = trimmed === '' ? [] : trimmed.split('/').slice(1);
  for (let i = 0; i < want.length; i++) {
    const expected = want[i]!;
    if (expected === '*' && i === want.length - 1) return true;
    const actual = have[i] === undefined ? null : decodeSegment(have[i]!);
    if (actual === null || actual === '') return false;
    if (expected.startsWith(':')) continue;
    if (expected.toLowerCase() !== actual.toLowerCase()) return false;
  }
  return have.length === want.length;
}

const pagePatterns = appPathPatterns().filter((route) => !route.notFound);

/** True when the app renders a page (not its not-found page) at `pathname`. */
export function isAppPath(pathname: string): boolean {
  return pagePatterns.some((route) => matchesPattern(route.pattern, pathname));
}
