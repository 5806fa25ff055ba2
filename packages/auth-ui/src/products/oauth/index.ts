// The `oauth` product of the widget (spec §2, §3 oauthOptions, §4 "One Tap states", §7): a 'Continue with
// {provider}' button per configured provider, Google One Tap where `one_tap` is set (the standard button on any
// One Tap error), and OAuth Authenticate for the page the provider redirects back to.
import { oauth } from '@keepsake/auth-js/oauth';
import { Products } from '../../config.ts';
import type { UIProduct } from '../../widget/product.ts';
import { OAuthAuthenticateScreen } from './oauth-authenticate.tsx';
import { OAuthButtons } from './oauth-buttons.tsx';
import { oauthStrings } from './strings.ts';

export const oauthUI: UIProduct = {
  product: Products.oauth,
  strings: oauthStrings,
  sdk: [oauth],
  main: { kind: 'buttons', Component: OAuthButtons },
  screens: { OAuthAuthenticate: OAuthAuthenticateScreen },
};

export { OneTapPositions } from './one-tap.tsx';
export { PROVIDER_NAMES } from './providers.ts';
