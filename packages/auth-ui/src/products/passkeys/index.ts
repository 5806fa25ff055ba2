// The `passkeys` product of the widget: on the Main screen, the 'Login with a Passkey' button or passkey autofill
// on the email input (spec §2); Passkey Confirmation after a passkey sign-in; and the screens of the passkey
// registration mount mode (Register New Passkey, Passkey Registration Success with the user's passkeys).
import { webauthn } from '@keepsake/auth-js/webauthn';
import { h } from 'preact';
import { Products } from '../../config.ts';
import { SuccessScreen } from '../../screens/success.tsx';
import type { UIProduct } from '../../widget/product.ts';
import { PasskeyLogin } from './login.tsx';
import { PasskeyRegistrationStartScreen } from './registration-start.tsx';
import { PasskeyRegistrationSuccessScreen } from './registration-success.tsx';
import { passkeysStrings } from './strings.ts';

export const passkeysUI: UIProduct = {
  product: Products.passkeys,
  strings: passkeysStrings,
  sdk: [webauthn],
  mainTop: PasskeyLogin,
  screens: {
    PasskeyConfirmation: () => h(SuccessScreen, { message: 'passkeys.success' }),
    PasskeyRegistrationStart: PasskeyRegistrationStartScreen,
    PasskeyRegistrationSuccess: PasskeyRegistrationSuccessScreen,
  },
};
