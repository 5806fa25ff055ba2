// The UI client, assembled from product modules: `createUIClient(publicToken, { endpoint, products: [otpUI] })`
// carries only the products it is given (the lean entry the size budget measures); `StytchUIClient` (index.ts)
// is the drop-in with every product. It is also the headless client: `session`, `user`, and each product's
// namespace (`otps`, …) are the auth-js client's.
import { createAuthClient, type AuthClient, type AuthClientOptions, type AuthProduct } from '@keepsake/auth-js';
import { UsageError } from '@keepsake/auth-js/errors';
import { resolveConfig, type ResolvedConfig, type StytchLoginConfig } from './config.ts';
import type { Callbacks } from './events.ts';
import { h, mountInto, unmountFrom } from './mount.ts';
import { createTranslate, type Strings } from './strings.ts';
import { resolveTheme, type StyleConfig } from './theme.ts';
import type { UIProduct } from './widget/product.ts';
import { Widget, type WidgetProps } from './widget/widget.tsx';

export type UIClientOptions = Omit<AuthClientOptions, 'products'> & {
  /** Replacements for any of the widget's strings (strings.ts), e.g. another language's. */
  strings?: Strings;
};

/** The arguments of `mountLogin`, as the incumbent's UI client takes them. */
export type MountLoginOptions = {
  /** The element to render into: a selector such as `#login-container` (or a bare id). */
  elementId: string;
  config: StytchLoginConfig;
  styles?: StyleConfig;
  callbacks?: Callbacks;
};

/** The arguments of `mountIdentityProvider` (the incumbent's, plus `config` for `enableShadowDOM`). */
export type MountIdentityProviderOptions = {
  /** The element to render into: a selector such as `#idp-container` (or a bare id). */
  elementId: string;
  styles?: StyleConfig;
  callbacks?: Callbacks;
  /** Only `enableShadowDOM` applies to the identity provider. */
  config?: Pick<StytchLoginConfig, 'enableShadowDOM'>;
  /** Where to send the browser once the flow ends, given the redirect URI the server returned (default: that URI). */
  getRedirectUrl?: (redirectUri: string) => string;
};

export class UIClient {
  readonly publicToken: string;
  readonly session: AuthClient['session'];
  readonly user: AuthClient['user'];
  readonly #headless: AuthClient;
  readonly #products: readonly UIProduct[];
  readonly #strings: Strings;

  constructor(publicToken: string, options: UIClientOptions & { products: readonly UIProduct[] }) {
    const { products, strings = {}, ...clientOptions } = options;
    const sdk = [...new Set(products.flatMap((product) => product.sdk))] as AuthProduct[];
    this.#headless = createAuthClient(publicToken, { ...clientOptions, products: sdk });
    this.#products = products;
    this.#strings = strings;
    this.publicToken = publicToken;
    this.session = this.#headless.session;
    this.user = this.#headless.user;
    // Each product's namespace (otps, magicLinks, …) on the client itself, as on the incumbent's UI client.
    for (const product of sdk)
      Object.defineProperty(this, product.name, { value: (this.#headless as Record<string, unknown>)[product.name], enumerable: true });
  }

  /** The headless auth-js client underneath. */
  get headless(): AuthClient {
    return this.#headless;
  }

  /**
   * Renders the login widget into `elementId`; mounting the same element again updates it in place.
   * @throws UsageError when no element matches `elementId` (spec §2) or `config` is not an object.
   * @example
   * client.mountLogin({ elementId: '#login', config: { products: ['otp'], otpOptions: { methods: ['email'], expirationMinutes: 5 } } });
   */
  mountLogin({ elementId, config, styles, callbacks = {} }: MountLoginOptions): void {
    if (typeof config !== 'object' || config === null) throw new UsageError('mountLogin', 'config must be an object with products.');
    this.#mount('mountLogin', elementId, resolveConfig(config), styles, callbacks);
  }

  /**
   * Renders the identity provider's IDP Consent screen into `elementId` (spec §2, §4 Authorize): mount it on the
   * page that is your authorization URL; it reads the authorize (or logout) request from the page URL.
   * @throws UsageError when no element matches `elementId`, or the client was built without the `idpUI` module.
   * @example
   * client.mountIdentityProvider({ elementId: '#idp', styles, callbacks });
   */
  mountIdentityProvider({ elementId, styles, callbacks = {}, config, getRedirectUrl }: MountIdentityProviderOptions): void {
    if (!this.#products.some((product) => product.screens?.IDPConsent))
      throw new UsageError('mountIdentityProvider', 'this client has no identity-provider module; add idpUI to its products.');
    const resolved = resolveConfig({ enableShadowDOM: config?.enableShadowDOM === true });
    this.#mount('mountIdentityProvider', elementId, resolved, styles, callbacks, {
      initialScreen: 'IDPConsent',
      mountOptions: getRedirectUrl ? { getRedirectUrl } : {},
    });
  }

  /** Renders the widget (one of the mount modes) into `elementId`. */
  #mount(
    method: string,
    elementId: string,
    config: ResolvedConfig,
    styles: StyleConfig | undefined,
    callbacks: Callbacks,
    mode: Pick<WidgetProps, 'initialScreen' | 'mountOptions'> = {},
  ): void {
    const props: WidgetProps = {
      client: this.#headless,
      config,
      theme: resolveTheme(styles),
      products: this.#products,
      t: createTranslate(this.#strings),
      callbacks,
      ...mode,
    };
    mountInto(method, elementId, config.enableShadowDOM, h(Widget, props));
  }

  /** Removes a widget mounted into `element`. */
  unmount(element: Element): void {
    unmountFrom(element);
  }
}

/** A UI client with only the product modules given (for the smallest bundle). */
export function createUIClient(publicToken: string, options: UIClientOptions & { products: readonly UIProduct[] }): UIClient {
  return new UIClient(publicToken, options);
}

export type { UIProduct } from './widget/product.ts';
export { Products, OTPMethods, CONFIG_ERRORS, type StytchLoginConfig, type Product, type OTPMethod } from './config.ts';
export { StytchEventType, StytchSDKUIError, type Callbacks, type StytchEvent } from './events.ts';
export { DEFAULT_THEME, type StyleConfig, type Theme } from './theme.ts';
export { en as englishStrings, type Strings, type StringKey } from './strings.ts';
