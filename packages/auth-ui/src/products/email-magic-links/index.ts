// The `emailMagicLinks` product of the widget: the Email tab of the Main screen sends a login-or-create magic
// link, then Email Confirmation ('Check your email'). The page the link opens signs in with
// `client.magicLinks.authenticate(token)` (docs/sign-in-widget.md).
import { magicLinks } from '@keepsake/auth-js/magic-links';
import { OTPMethods, Products } from '../../config.ts';
import type { UIProduct } from '../../widget/product.ts';
import { EmailConfirmationScreen } from './email-confirmation.tsx';
import { MagicLinkEmailForm } from './email-form.tsx';
import { emailMagicLinksStrings } from './strings.ts';

export const emailMagicLinksUI: UIProduct = {
  product: Products.emailMagicLinks,
  strings: emailMagicLinksStrings,
  sdk: [magicLinks],
  main: { kind: 'form', tabs: () => [{ method: OTPMethods.Email, Component: MagicLinkEmailForm }] },
  screens: { EmailConfirmation: EmailConfirmationScreen },
};
