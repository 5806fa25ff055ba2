// The identity-provider mount mode (spec §2 IDP consent, §4 Authorize): `mountIdentityProvider` /
// `<IdentityProvider>` render the IDP Consent screen, which reads the authorize or logout request from the page
// URL. Its own module, so a login-only bundle does not carry it.
import { idp } from '@keepsake/auth-js/idp';
import type { UIProduct } from '../../widget/product.ts';
import { IdpConsentScreen } from './idp-screen.tsx';
import { idpStrings } from './strings.ts';

export const idpUI: UIProduct = {
  product: 'identityProvider',
  strings: idpStrings,
  sdk: [idp],
  screens: { IDPConsent: IdpConsentScreen },
};
