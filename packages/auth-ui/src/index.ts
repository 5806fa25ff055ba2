// `@keepsake/auth-ui`: the drop-in for the incumbent's UI client. Code written against it needs only the import
// changed and the API URL given:
//   const stytch = new StytchUIClient('public-token-…', { endpoint: 'https://auth.example.com' });
//   stytch.mountLogin({ elementId: '#login', config, styles, callbacks });
import type { CryptoWalletsApi } from '@keepsake/auth-js/crypto-wallets';
import type { OAuthApi } from '@keepsake/auth-js/oauth';
import type { IdpApi } from '@keepsake/auth-js/idp';
import type { OtpsApi } from '@keepsake/auth-js/otps';
import type { WebauthnApi } from '@keepsake/auth-js/webauthn';
import { UIClient, type UIClientOptions } from './core.ts';
import type { MagicLinksApi } from '@keepsake/auth-js/magic-links';
import type { PasswordsApi } from '@keepsake/auth-js/passwords';
import { emailMagicLinksUI } from './products/email-magic-links/index.ts';
import { cryptoUI } from './products/crypto/index.ts';
import { oauthUI } from './products/oauth/index.ts';
import { idpUI } from './products/idp/index.ts';
import { otpPhoneUI } from './products/otp/phone.ts';
import { passkeysUI } from './products/passkeys/index.ts';
import { passwordsUI } from './products/passwords/index.ts';
import type { UIProduct } from './widget/product.ts';
import { en as coreStrings, type Strings } from './strings.ts';

/** Every product module the widget has. */
export const allProducts: readonly UIProduct[] = [otpPhoneUI, passkeysUI, emailMagicLinksUI, passwordsUI, cryptoUI, oauthUI, idpUI];

/** The UI client with every product: `mountLogin`, `mountIdentityProvider`, plus the headless namespaces (`session`, `user`, `otps`, …). */
export class StytchUIClient extends UIClient {
  declare readonly otps: OtpsApi;
  declare readonly webauthn: WebauthnApi;
  declare readonly magicLinks: MagicLinksApi;
  declare readonly passwords: PasswordsApi;
  declare readonly cryptoWallets: CryptoWalletsApi;
  declare readonly oauth: OAuthApi;
  declare readonly idp: IdpApi;
  constructor(publicToken: string, options: UIClientOptions = {}) {
    super(publicToken, { ...options, products: allProducts });
  }
}

export * from './core.ts';
/** Every English string of the widget: the shared ones and every product's (the catalogue a translation covers). */
export const englishStrings: Strings = allProducts.reduce<Strings>((all, product) => ({ ...all, ...product.strings }), { ...coreStrings });
export { OneTapPositions } from './products/oauth/index.ts';
