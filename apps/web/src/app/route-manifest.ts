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
  /** The message key of the page's name in the tab title (`API keys · Console · Keepsake`); the innermost wins. */
  readonly title?: string;
  readonly children?: readonly RouteEntry[];
};

export const routeManifest = [
  // marketing
  { id: 'home', index: true },
  { id: 'team', title: 'title.team', path: 'team' },
  { id: 'help', title: 'title.help', path: 'help' },
  { id: 'jobs', title: 'title.jobs', path: 'jobs' },
  // app
  { id: 'signin', title: 'title.signin', path: 'signin' },
  { id: 'user', title: 'title.user', path: 'user' },
  { id: 'user-collection', title: 'title.userCollection', path: 'user/collection' },
  { id: 'cli-signin', title: 'title.cliSignin', path: 'cli-signin' },
  { id: 'cli-signin-success', title: 'title.cliSigninSuccess', path: 'cli-signin/success' },
  { id: 'dev-mailbox', title: 'title.devMailbox', path: 'dev/mailbox' },
  { id: 'dev-outbox', title: 'title.devOutbox', path: 'dev/outbox' },
  { id: 'not-found-page', title: 'title.notFoundPage', path: '404', notFound: true },
  // checkout
  { id: 'checkout', title: 'title.checkout', path: 'checkout/:collectionId' },
  // console
  {
    id: 'console',
    title: 'title.console',
    path: 'console',
    children: [
      { id: 'console-index', index: true },
      { id: 'overview', title: 'title.overview', path: 'overview' },
      { id: 'projects', title: 'title.projects', path: 'projects' },
      { id: 'project-settings', title: 'title.projectSettings', path: 'projects/settings' },
      { id: 'connected-apps', title: 'title.connectedApps', path: 'projects/connected-apps' },
      { id: 'project-branding', title: 'title.projectBranding', path: 'projects/branding' },
      { id: 'add-member', title: 'title.addMember', path: 'projects/addMember' },
      { id: 'api-keys', title: 'title.apiKeys', path: 'projects/apiKeys' },
      { id: 'api-key-create', title: 'title.apiKeyCreate', path: 'projects/:id/APIKeys/Create' },
      { id: 'project-details', title: 'title.projectDetails', path: 'projects/:id' },
      { id: 'orders', title: 'title.orders', path: 'orders' },
      { id: 'order-detail', title: 'title.orderDetail', path: 'orders/:id' },
      { id: 'collections', title: 'title.collections', path: 'collections' },
      { id: 'create-collection', title: 'title.createCollection', path: 'create-collection' },
      {
        id: 'collection',
        title: 'title.collection',
        path: 'collections/:id',
        children: [
          { id: 'collection-index', index: true },
          { id: 'collection-dashboard', title: 'title.collectionDashboard', path: 'dashboard' },
          { id: 'collection-details', title: 'title.collectionDetails', path: 'details' },
          { id: 'collection-branding', title: 'title.collectionBranding', path: 'branding' },
          { id: 'collection-payments', title: 'title.collectionPayments', path: 'payments' },
          { id: 'collection-contract', title: 'title.collectionContract', path: 'contract' },
          { id: 'collection-registered-nfts', title: 'title.collectionRegisteredNfts', path: 'registered/nfts' },
          { id: 'collection-created-nfts', title: 'title.collectionCreatedNfts', path: 'created/nfts' },
          { id: 'collection-nft', title: 'title.nftDetail', path: 'created/nfts/:nftId' },
          { id: 'collection-orders', title: 'title.collectionOrders', path: 'orders' },
          { id: 'collection-order', title: 'title.orderDetail', path: 'orders/:orderId' },
        ],
      },
      { id: 'webhooks', title: 'title.webhooks', path: 'webhooks' },
      { id: 'webhook-endpoint', title: 'title.webhookEndpoint', path: 'webhooks/:endpointId' },
      { id: 'wallets', title: 'title.wallets', path: 'wallets' },
      { id: 'wallet-details', title: 'title.walletDetails', path: 'wallets/:address' },
      { id: 'account', title: 'title.account', path: 'account' },
      { id: 'authorize-device', title: 'title.authorizeDevice', path: 'authorize-device' },
      { id: 'authorize-device-success', title: 'title.authorizeDeviceSuccess', path: 'authorize-device/success' },
      { id: 'console-not-found', title: 'title.consoleNotFound', path: '*', notFound: true },
    ],
  },
  { id: 'not-found', title: 'title.notFound', path: '*', notFound: true },
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

/**
 * `pathname` with each static segment spelled as the manifest spells it (`/console/projects/apikeys` →
 * `/console/projects/apiKeys`), or null when it already is, or is not a page. The router matches paths ignoring
 * case; the app then redirects to this one spelling so links, bookmarks and analytics agree (ADR 096).
 */
export function canonicalPath(pathname: string): string | null {
  const route = pagePatterns.find((candidate) => matchesPattern(candidate.pattern, pathname));
  if (!route) return null;
  const want = route.pattern.split('/').filter((segment) => segment !== '');
  const have = pathname.replace(/\/+$/, '').split('/').slice(1);
  const fixed = want.map((segment, i) => (segment.startsWith(':') ? have[i]! : segment));
  const canonical = `/${fixed.join('/')}`;
  return canonical === pathname.replace(/\/+$/, '') || canonical === pathname ? null : canonical;
}

function collectTitles(entries: readonly RouteEntry[], into: Map<string, string>): Map<string, string> {
  for (const entry of entries) {
    if (entry.title) into.set(entry.id, entry.title);
    if (entry.children) collectTitles(entry.children, into);
  }
  return into;
}

const titles = collectTitles(routeManifest, new Map());

/**
 * The message keys of a page's tab title, innermost first, from the ids of its matched routes (outermost first):
 * `['title.apiKeys', 'title.console']` for the API keys page. Empty for a page without one (the home page).
 */
export function titleKeys(matchedIds: readonly string[]): string[] {
  const keys = matchedIds.flatMap((id) => (titles.has(id) ? [titles.get(id)!] : []));
  // The page's own title, then the area it is in (Console), never a middle layer such as a collection's layout.
  if (keys.length <= 1) return keys;
  const [area, ...rest] = keys;
  return [rest[rest.length - 1]!, area!];
}
