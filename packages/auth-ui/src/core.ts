// The UI client, assembled from product modules: `createUIClient(publicToken, { endpoint, products: [otpUI] })`
// carries only the products it is given (the lean entry the size budget measures); `StytchUIClient` (index.ts)
// is the drop-in with every product. It is also the headless client: `session`, `user`, and each product's
// namespace (`otps`, …) are the auth-js client's.
import { createAuthClient, type AuthClient, type AuthClientOptions, type AuthProduct } from '@keepsake/auth-js';
import { UsageError } from '@keepsake/auth-js/errors';
import { Products, resolveConfig, type ResolvedConfig, type StytchLoginConfig } from './config.ts';
import type { Callbacks } from './events.ts';
import { h, mountInto, unmountFrom } from './mount.ts';
import { loadCatalogue, matchLocale, pageLocale, type Locale } from './locale.ts';
import type { Strings } from './strings.ts';
import { resolveTheme, type StyleConfig } from './theme.ts';
import type { UIProduct } from './widget/product.ts';
import type { WidgetAuthClient } from './widget/context.ts';
import { Localised } from './widget/localised.tsx';
import { Widget, type WidgetProps } from './widget/widget.tsx';

export type UIClientOptions = Omit<AuthClientOptions, 'products'> & {
  /** Replacements for any of the widget's strings (strings.ts), e.g. another language's. */
  strings?: Strings;
  /**
   * An auth-js client the page already has, to share instead of creating a second one for the same token (its
   * products must include the widget products' own, e.g. `webauthn` for passkeys). The other client options are
   * then that client's.
   */
  headless?: AuthClient;
  /**
   * The widget's language, a locale tag such as `fr-FR` (spec §5 matching; unknown → en-US). Default: the page's
   * `?locale=` query parameter, else `<html lang>`.
   */
  locale?: string;
};

/** The arguments of `mountPasskeyRegistration` (the incumbent's): `config` only for `sessionOptions` and `enableShadowDOM`. */
export type MountPasskeyRegistrationOptions = {
  elementId: string;
  config?: Partial<StytchLoginConfig>;
  styles?: StyleConfig;
  callbacks?: Callbacks;
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

/** The arguments of `mountResetPassword`: those of `mountLogin` and the reset link's token. */
export type MountResetPasswordOptions = MountLoginOptions & { passwordResetToken: string };

export class UIClient {
  readonly publicToken: string;
  readonly session: AuthClient['session'];
  readonly user: AuthClient['user'];
  readonly #headless: AuthClient;
  readonly #products: readonly UIProduct[];
  readonly #strings: Strings;
  /** The locale's catalogue: loading starts with the client; the widget renders once it is there. */
  readonly #catalogue: Strings | Promise<Strings>;
  /** The supported locale the widget shows (spec §5). */
  readonly locale: Locale;

  constructor(publicToken: string, options: UIClientOptions & { products: readonly UIProduct[] }) {
    const { products, strings = {}, headless, locale, ...clientOptions } = options;
    const sdk = [...new Set(products.flatMap((product) => product.sdk))] as AuthProduct[];
    const missing = sdk.find((product) => headless && !(product.name in headless));
    if (missing) throw new UsageError('UIClient', `the headless client given has no ${missing.name} product; install it with createAuthClient.`);
    this.#headless = headless ?? createAuthClient(publicToken, { ...clientOptions, products: sdk });
    this.#products = products;
    this.#strings = strings;
    this.locale = matchLocale(locale ?? pageLocale());
    this.#catalogue = loadCatalogue(this.locale);
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
      validate: () => null,
      mountOptions: getRedirectUrl ? { getRedirectUrl } : {},
    });
  }

  /**
   * Renders passkey registration for the signed-in user (spec §2): Register New Passkey, then the list of their
   * passkeys with rename, delete and add another; it starts at the list when they have passkeys already. Without a
   * session it shows the spec §6 error.
   * @throws UsageError when no element matches `elementId`, or the client has no passkeys product module.
   * @example
   * client.mountPasskeyRegistration({ elementId: '#passkeys', callbacks: { onEvent: (e) => console.log(e.type) } });
   */
  mountPasskeyRegistration({ elementId, config, styles, callbacks = {} }: MountPasskeyRegistrationOptions): void {
    const method = 'mountPasskeyRegistration';
    if (!this.#products.some((product) => product.screens?.PasskeyRegistrationStart))
      throw new UsageError(method, 'add the passkeys product module (passkeysUI) to the client.');
    const hasPasskeys = (this.#headless.user.getSync()?.webauthn_registrations.length ?? 0) > 0;
    const resolved = resolveConfig({ ...config, products: [Products.passkeys] });
    this.#mount(method, elementId, resolved, styles, callbacks, {
      initialScreen: hasPasskeys ? 'PasskeyRegistrationSuccess' : 'PasskeyRegistrationStart',
      validate: () => null,
    });
  }

  /**
   * Renders the Password Reset Form into `elementId` (the page a reset email's link opens): the user sets a new
   * password with `passwordResetToken` and is signed in. When the page's `stytch_token_type` is `login`, the token
   * is the email's one-click login link and is authenticated at once ('Logging in').
   * @throws UsageError when no element matches, `config` is not an object, or no product of this client resets passwords.
   * @example
   * const token = new URLSearchParams(location.search).get('token')!;
   * client.mountResetPassword({ elementId: '#reset', config: { products: ['passwords'] }, passwordResetToken: token });
   */
  mountResetPassword({ elementId, config, styles, callbacks = {}, passwordResetToken }: MountResetPasswordOptions): void {
    const method = 'mountResetPassword';
    if (typeof config !== 'object' || config === null) throw new UsageError(method, 'config must be an object with products.');
    if (!this.#products.some((product) => product.screens?.PasswordResetForm))
      throw new UsageError(method, 'this UI client has no passwords product; add passwordsUI to its products.');
    const token = typeof passwordResetToken === 'string' ? passwordResetToken : '';
    this.#mount(method, elementId, resolveConfig(config), styles, callbacks, {
      initialScreen: 'PasswordResetForm',
      validate: () => null,
      resetPasswordToken: token,
    });
  }

  /** Renders the widget (one of the mount modes) into `elementId`. */
  #mount(
    method: string,
    elementId: string,
    config: ResolvedConfig,
    styles: StyleConfig | undefined,
    callbacks: Callbacks,
    mode: Pick<WidgetProps, 'initialScreen' | 'validate' | 'mountOptions' | 'resetPasswordToken'> = {},
  ): void {
    mountInto(
      method,
      elementId,
      config.enableShadowDOM,
      h(Localised, {
        // A new mount mode on the same element starts afresh rather than keeping the other mode's screen.
        key: method,
        locale: this.locale,
        catalogue: this.#catalogue,
        overrides: this.#strings,
        english: this.#products.reduce<Strings>((all, product) => ({ ...all, ...product.strings }), {}),
        render: (t) =>
          h(Widget, {
            client: this.#headless as unknown as WidgetAuthClient,
            config,
            theme: resolveTheme(styles),
            products: this.#products,
            t,
            callbacks,
            ...mode,
          }),
      }),
    );
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
export { SUPPORTED_LOCALES, matchLocale, type Locale } from './locale.ts';
