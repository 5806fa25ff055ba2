import type { StytchLoginConfig } from '@keepsake/auth-ui';
import { CONSOLE_SESSION_MINUTES, PRODUCT_SIGN_IN_PATH } from '@keepsake/wire/console/platform';
import type { SavedWidget } from '../../../lib/widget-settings';
import { savedWidgetIsADraft } from '../../../lib/widget-settings';

/** `/signin?callbackUrl=…` on this origin: where the widget's OAuth, magic links and password resets come back to. */
export function signInReturnUrl(origin: string, callbackUrl: string): string {
  const url = new URL(PRODUCT_SIGN_IN_PATH, origin);
  url.searchParams.set('callbackUrl', callbackUrl);
  return url.toString();
}

/**
 * The platform project's saved widget as /signin mounts it (docs/decisions/124): its products and theme as saved,
 * a console-length session, and every redirect back to this page with the callback kept.
 */
export function signInWidgetConfig(saved: SavedWidget, origin: string, callbackUrl: string): StytchLoginConfig {
  const { config } = savedWidgetIsADraft(saved);
  const back = signInReturnUrl(origin, callbackUrl);
  return {
    ...config,
    sessionOptions: { sessionDurationMinutes: CONSOLE_SESSION_MINUTES },
    oauthOptions: { providers: config.oauthOptions?.providers ?? [], loginRedirectURL: back, signupRedirectURL: back },
    emailMagicLinksOptions: { ...config.emailMagicLinksOptions, loginRedirectURL: back, signupRedirectURL: back },
    passwordOptions: { ...config.passwordOptions, loginRedirectURL: back, resetPasswordRedirectURL: back },
  };
}

/** What the address bar says this visit is: a link or redirect to redeem, or the sign-in widget. */
export type Landing = { kind: 'widget' } | { kind: 'magicLink'; token: string } | { kind: 'resetPassword'; token: string };

/**
 * `?stytch_token_type=…&token=…` as the auth service's links append it: a magic link is redeemed by the page, a
 * password reset (or its `login` variant) mounts the reset form; OAuth's return is the widget's own to redeem.
 */
export function landingOf(search: URLSearchParams): Landing {
  const token = search.get('token');
  const type = search.get('stytch_token_type');
  if (!token) return { kind: 'widget' };
  if (type === 'magic_links') return { kind: 'magicLink', token };
  if (type === 'reset_password' || type === 'login') return { kind: 'resetPassword', token };
  return { kind: 'widget' };
}
