// The `passwords` product of the widget (spec §4 "Password flow"): the Email tab of the Main screen (it takes the
// tab from magic links and email passcodes, §5), Password Create Or Login, Forgot, Dedupe, Breached, Set New,
// the Reset Form of the reset-password mount mode, and Password Confirmation (the Success screen).
import { magicLinks } from '@keepsake/auth-js/magic-links';
import { passwords } from '@keepsake/auth-js/passwords';
import { userSearch } from '@keepsake/auth-js/user-search';
import { h } from 'preact';
import { OTPMethods, Products } from '../../config.ts';
import { SuccessScreen } from '../../screens/success.tsx';
import type { UIProduct } from '../../widget/product.ts';
import { PasswordCreateOrLoginScreen } from './create-or-login.tsx';
import { PasswordEmailForm } from './email-form.tsx';
import { PasswordBreachedScreen, PasswordDedupeScreen, PasswordForgotScreen, PasswordSetNewScreen } from './emailed.tsx';
import { PasswordResetFormScreen } from './reset-form.tsx';
import { passwordsStrings } from './strings.ts';

export const passwordsUI: UIProduct = {
  product: Products.passwords,
  strings: passwordsStrings,
  // magicLinks: the one-click login link of a reset email (stytch_token_type=login) and 'Email me a login link'.
  sdk: [passwords, userSearch, magicLinks],
  main: { kind: 'form', tabs: () => [{ method: OTPMethods.Email, Component: PasswordEmailForm, preferred: true }] },
  screens: {
    PasswordCreateOrLogin: PasswordCreateOrLoginScreen,
    PasswordForgot: PasswordForgotScreen,
    PasswordDedupe: PasswordDedupeScreen,
    PasswordBreached: PasswordBreachedScreen,
    PasswordSetNew: PasswordSetNewScreen,
    PasswordResetForm: PasswordResetFormScreen,
    PasswordConfirmation: () => h(SuccessScreen, { message: 'success.password' }),
  },
};
