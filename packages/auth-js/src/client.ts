// `createAuthClient(publicToken, options)`: the one client object of the SDK. The session and the user are
// always there; each sign-in product (otps, magicLinks, passwords, totps, …) is a module the app imports and
// passes in `products`, so a bundle carries only what it uses.
import { InvalidInputError, UsageError } from './errors.ts';
import { createPkceStore } from './pkce.ts';
import type { eventsBody } from '@keepsake/wire/sdk/events';
import type { z } from 'zod';
import type { BootstrapData } from './types.ts';
import { loadBootstrap } from './core/bootstrap.ts';
import { createCookieJar, resolveCookieSettings, type CookieOptions } from './core/cookies.ts';
import { openTabChannel } from './core/cross-tab.ts';
import { resolveEndpoint, type EndpointOption } from './core/endpoints.ts';
import type { AuthCore, AuthProduct } from './core/product.ts';
import { clientTelemetry, type ClientInfo } from './core/sdk-client-header.ts';
import { createSessionApi, type SessionApi } from './core/session-api.ts';
import { createSessionManager } from './core/session-manager.ts';
import { createTelemetry, type TelemetryEventName } from './core/telemetry.ts';
import { createTransport, type CaptchaProvider, type Transport } from './core/transport.ts';
import { createUserApi, type UserApi } from './core/user-api.ts';
import { checkField, checkOptions } from './core/validate.ts';

// Types of the options and namespaces, documented where they are declared.
export type { AuthProduct } from './core/product.ts';
export type { CaptchaProvider, CaptchaSolution } from './core/transport.ts';
export type { CookieOptions } from './core/cookies.ts';
export type { EndpointOption } from './core/endpoints.ts';
export type { SessionApi } from './core/session-api.ts';
export type { UserApi } from './core/user-api.ts';
export type { TelemetryEventName } from './core/telemetry.ts';

/** Options of {@link createAuthClient}. */
export type AuthClientOptions<Products extends readonly AuthProduct[] = readonly AuthProduct[]> = {
  /** The sign-in products this app uses, e.g. `[otps, magicLinks]` (each from its own module). */
  products?: Products;
  /**
   * Your Keepsake server (`https://auth.example.com`; `/sdk/v1` is added), or one for test and one for live
   * public tokens. Default: the page's own origin.
   */
  endpoint?: EndpointOption;
  /** Cookie names, path and domain (strings). */
  cookieOptions?: CookieOptions;
  /** Solves a captcha when the server answers 'Captcha required'; the call is then sent once more with the token. */
  captcha?: CaptchaProvider;
  /** Send batched telemetry to `POST /events` (default true). */
  telemetry?: boolean;
};

/** The client: `session`, `user`, `telemetry`, and one namespace per product passed in `products`. */
export type AuthClient<Products extends readonly AuthProduct[] = []> = {
  readonly publicToken: string;
  /** The API base URL this client calls (without `/sdk/v1`), as resolved from `endpoint`: the auth service's own site. */
  readonly baseUrl: string;
  readonly session: SessionApi;
  readonly user: UserApi;
  /** Queues a telemetry event (spec §3), sent batched; never blocks. */
  readonly telemetry: {
    track(
      name: TelemetryEventName,
      event?: { details?: Record<string, unknown>; error_code?: string; error_description?: string; http_status_code?: number },
    ): void;
  };
  /** The project's bootstrap config (spec §3), read once. */
  bootstrap(): Promise<BootstrapData>;
  /** Stops refresh timers and cross-tab listening, and sends queued telemetry. The session is kept. */
  destroy(): void;
} & { readonly [P in Products[number] as P['name']]: ReturnType<P['install']> };

const liveClients = Symbol.for('keepsake.auth-js.clients');
type ClientRegistry = { [liveClients]?: Map<string, number> };

function registry(): Map<string, number> {
  const holder = globalThis as ClientRegistry;
  return (holder[liveClients] ??= new Map<string, number>());
}

function localStorageOf(win: Window): Storage | undefined {
  try {
    return win.localStorage;
  } catch {
    return undefined;
  }
}

function persistentId(storage: Storage | undefined): string {
  const key = 'keepsake_auth_persistent_id';
  try {
    const existing = storage?.getItem(key);
    if (existing) return existing;
    const id = crypto.randomUUID();
    storage?.setItem(key, id);
    return id;
  } catch {
    return crypto.randomUUID();
  }
}

/**
 * Creates the auth client for a project's public token. Browser only (spec §7).
 *
 * @throws UsageError without `window` (on a server); InvalidInputError for a malformed argument.
 * @example
 * import { createAuthClient } from '@keepsake/auth-js';
 * import { otps } from '@keepsake/auth-js/otps';
 *
 * const client = createAuthClient('public-token-test-…', { products: [otps], endpoint: 'https://auth.example.com' });
 * const { method_id } = await client.otps.email.loginOrCreate('ada@example.com');
 * await client.otps.authenticate('123456', method_id, { session_duration_minutes: 60 });
 */
export function createAuthClient<const Products extends readonly AuthProduct[] = []>(
  publicToken: string,
  options: AuthClientOptions<Products> = {},
): AuthClient<Products> {
  const method = 'createAuthClient';
  if (typeof window === 'undefined' || typeof document === 'undefined') {
    throw new UsageError(method, 'The auth SDK runs in browsers only and must not be called on the server (spec §7). Create the client in browser code.');
  }
  checkField(method, 'publicToken', publicToken, 'string', true);
  checkOptions(method, options, { cookieOptions: 'object', captcha: 'function', telemetry: 'boolean' });
  const productList: readonly unknown[] = Array.isArray(options.products) ? (options.products as readonly unknown[]) : [];
  const isProduct = (value: unknown): value is AuthProduct =>
    typeof (value as Partial<AuthProduct> | null)?.install === 'function' && typeof (value as Partial<AuthProduct>).name === 'string';
  if ((options.products !== undefined && !Array.isArray(options.products)) || !productList.every(isProduct)) {
    throw new InvalidInputError(method, 'products', 'products must be an array of product modules such as otps from @keepsake/auth-js/otps');
  }
  if (options.endpoint !== undefined && typeof options.endpoint !== 'string') {
    checkOptions(method, options.endpoint, { test: { kind: 'string', required: true }, live: { kind: 'string', required: true } }, 'endpoint');
  }
  checkOptions(
    method,
    options.cookieOptions,
    { opaqueTokenCookieName: 'string', jwtCookieName: 'string', istCookieName: 'string', path: 'string', domain: 'string' },
    'cookieOptions',
  );

  const warn = (message: string) => console.warn(message);
  if (!publicToken.startsWith('public-token-')) {
    warn(`@keepsake/auth-js: the public token should start with 'public-token-'. Copy it from your project in the Keepsake console.`);
  }
  const clients = registry();
  if ((clients.get(publicToken) ?? 0) > 0) {
    warn('@keepsake/auth-js: another auth client already exists for this public token on this page; share one client instead.');
  }
  clients.set(publicToken, (clients.get(publicToken) ?? 0) + 1);

  const storage = localStorageOf(window);
  const { baseUrl, custom } = resolveEndpoint(publicToken, options.endpoint, window.location.origin, warn);
  const info: ClientInfo = { appSessionId: crypto.randomUUID(), persistentId: persistentId(storage), appIdentifier: window.location.hostname };
  const cookieSettings = resolveCookieSettings(options.cookieOptions, window.location.hostname);
  const cookies = createCookieJar(cookieSettings, document, warn);

  let bootstrap: Promise<BootstrapData> | undefined;
  const getBootstrap = () => (bootstrap ??= loadBootstrap(transport, publicToken, warn));
  const transport: Transport = createTransport({
    baseUrl,
    publicToken,
    clientInfo: info,
    parentHost: window.location.origin,
    sessionToken: () => cookies.get(cookieSettings.names.session),
    captcha: options.captcha
      ? async (request) => {
          telemetry.track('captcha_retried');
          return options.captcha!(request);
        }
      : undefined,
    captchaSiteKey: async () => (await getBootstrap()).captcha_settings?.siteKey,
    fetch: (input, init) => window.fetch(input, init),
    newId: () => crypto.randomUUID(),
  });
  const telemetry = createTelemetry({
    enabled: options.telemetry !== false,
    telemetry: () => clientTelemetry(info, crypto.randomUUID()),
    send: (items, { keepalive }) =>
      transport.request({ method: 'POST', path: '/events', body: items satisfies z.input<typeof eventsBody>, auth: 'public', retry: false, keepalive }),
  });
  const session = createSessionManager({
    storageKey: `keepsake_auth_state:${publicToken}`,
    storage,
    cookies,
    cookieNames: cookieSettings.names,
    customEndpoint: custom,
    openChannel: (onText) => openTabChannel(`keepsake_auth:${publicToken}`, `keepsake_auth_state:${publicToken}`, onText, window),
    transport: () => transport,
    telemetry,
    warn,
  });
  const core: AuthCore = {
    publicToken,
    transport,
    session,
    bootstrap: getBootstrap,
    pkce: createPkceStore(publicToken, storage),
    telemetry,
    baseUrl,
    navigate: (url) => window.location.assign(url),
    warn,
  };
  void getBootstrap();

  const onPageHide = () => telemetry.flush({ keepalive: true });
  window.addEventListener('pagehide', onPageHide);
  telemetry.track('sdk_instance_created', { details: { custom_endpoint: custom } });

  const products = Object.fromEntries(productList.filter(isProduct).map((product) => [product.name, product.install(core)]));
  let destroyed = false;
  return {
    ...products,
    publicToken,
    baseUrl,
    session: createSessionApi(core),
    user: createUserApi(core),
    telemetry: { track: (name, event) => telemetry.track(name, event) },
    bootstrap: getBootstrap,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      session.close();
      telemetry.destroy();
      window.removeEventListener('pagehide', onPageHide);
      clients.set(publicToken, Math.max(0, (clients.get(publicToken) ?? 1) - 1));
    },
  } as AuthClient<Products>;
}
