// `client.magicLinks`: email magic links (spec §7: `/magic_links/email/login_or_create`, `/send/primary|
// secondary`, `/magic_links/authenticate`), with PKCE when the project's bootstrap requires it (§9): the pair
// is made at the first send, the challenge sent, and the verifier presented at authenticate, then cleared.
import { defineProduct, type AuthCore } from '../core/product.ts';
import { checkEmail, checkField, checkOptions, compact, EMAIL_MESSAGES } from '../core/validate.ts';
import type { magicLinkAuthenticateBody, magicLinkSendBody } from '@keepsake/wire/sdk/magic-links';
import type { z } from 'zod';
import type { AuthenticateResponse, MagicLinkSendResponse } from '../types.ts';

type SendBody = z.input<typeof magicLinkSendBody>;
type AuthenticateBody = z.input<typeof magicLinkAuthenticateBody>;

/**
 * Where the link leads (`login_magic_link_url` for an existing user, `signup_magic_link_url` for a new one; both
 * must be allowed by the project), how long it lives and which templates send it.
 */
export type MagicLinkSendOptions = Pick<
  SendBody,
  | 'login_magic_link_url'
  | 'signup_magic_link_url'
  | 'login_expiration_minutes'
  | 'signup_expiration_minutes'
  | 'login_template_id'
  | 'signup_template_id'
  | 'create_user_as_pending'
  | 'locale'
>;

/** How long the new session lasts (5–525600 minutes). */
export type MagicLinkAuthenticateOptions = Pick<AuthenticateBody, 'session_duration_minutes'>;

/** `client.magicLinks`. */
export type MagicLinksApi = {
  email: {
    /**
     * Emails a magic link, creating the user if needed.
     * @throws InvalidInputError 'Invalid email address'; ApiError; ApiUnreachableError
     * @example
     * await client.magicLinks.email.loginOrCreate('ada@example.com', { login_magic_link_url: 'https://app.example.com/authenticate' });
     */
    loginOrCreate(email: string, options?: MagicLinkSendOptions): Promise<MagicLinkSendResponse>;
    /** Emails a link to an existing user (`send/primary`), or with a session adds the email (`send/secondary`). */
    send(email: string, options?: MagicLinkSendOptions): Promise<MagicLinkSendResponse>;
  };
  /**
   * Signs in with the `token` of the link (the page it led to has `?stytch_token_type=magic_links&token=…`).
   * @example
   * const token = new URLSearchParams(location.search).get('token')!;
   * await client.magicLinks.authenticate(token, { session_duration_minutes: 60 });
   */
  authenticate(token: string, options?: MagicLinkAuthenticateOptions): Promise<AuthenticateResponse>;
};

const sendSchema = {
  login_magic_link_url: 'string',
  signup_magic_link_url: 'string',
  login_expiration_minutes: 'integer',
  signup_expiration_minutes: 'integer',
  login_template_id: 'string',
  signup_template_id: 'string',
  create_user_as_pending: 'boolean',
  locale: 'string',
} as const;

function sender(core: AuthCore, name: 'loginOrCreate' | 'send') {
  return async (email: string, options?: MagicLinkSendOptions): Promise<MagicLinkSendResponse> => {
    const method = `magicLinks.email.${name}`;
    const address = checkEmail(method, email, EMAIL_MESSAGES.link);
    checkOptions(method, options, sendSchema);
    const { pkce_required_for_email_magic_links: pkce } = await core.bootstrap();
    const code_challenge = pkce ? (await core.pkce.getOrCreate('magic_links')).code_challenge : undefined;
    const path =
      name === 'loginOrCreate' ? '/magic_links/email/login_or_create' : `/magic_links/email/send/${core.session.hasSession() ? 'secondary' : 'primary'}`;
    return core.transport.request<MagicLinkSendResponse>({
      method: 'POST',
      path,
      body: compact({ email: address, ...options, code_challenge } satisfies SendBody),
    });
  };
}

/**
 * The magic link product. Pass it to `createAuthClient({ products: [magicLinks] })`.
 * @example
 * import { magicLinks } from '@keepsake/auth-js/magic-links';
 */
export const magicLinks = defineProduct('magicLinks', (core): MagicLinksApi => ({
  email: { loginOrCreate: sender(core, 'loginOrCreate'), send: sender(core, 'send') },
  async authenticate(token, options) {
    const method = 'magicLinks.authenticate';
    checkField(method, 'token', token, 'string', true);
    checkOptions(method, options, { session_duration_minutes: 'integer' });
    const code_verifier = core.pkce.verifier('magic_links');
    const data = await core.transport.request<AuthenticateResponse>({
      method: 'POST',
      path: '/magic_links/authenticate',
      body: compact({ token, code_verifier, session_duration_minutes: options?.session_duration_minutes } satisfies AuthenticateBody),
    });
    core.pkce.clear('magic_links');
    core.session.update(data);
    return data;
  },
}));
