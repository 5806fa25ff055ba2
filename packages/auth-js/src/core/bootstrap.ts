// Spec §7: `GET /projects/bootstrap/{public_token}` is read once per client; a failure is logged and the
// defaults are used.
import type { BootstrapData } from '../types.ts';
import type { Transport } from './transport.ts';

/** What the client assumes when bootstrap cannot be read: no PKCE requirement, no captcha. */
export const DEFAULT_BOOTSTRAP: BootstrapData = {
  project_name: '',
  disable_sdk_watermark: false,
  cname_domain: null,
  email_domains: [],
  captcha_settings: { enabled: false },
  pkce_required_for_email_magic_links: false,
  pkce_required_for_password_resets: false,
  pkce_required_for_oauth: false,
  pkce_required_for_sso: false,
  slug_pattern: '',
  create_organization_enabled: false,
  password_config: null,
  dfp_protected_auth_enabled: false,
  dfp_protected_auth_mode: null,
  rbac_policy: null,
  siwe_required_for_crypto_wallets: false,
  vertical: 'CONSUMER',
};

/** Reads the project's bootstrap config; logs a failure and answers the defaults. */
export async function loadBootstrap(transport: Transport, publicToken: string, warn: (message: string) => void): Promise<BootstrapData> {
  try {
    const data = await transport.request<Partial<BootstrapData>>({
      method: 'GET',
      path: `/projects/bootstrap/${encodeURIComponent(publicToken)}`,
      auth: 'public',
      captchaRetry: false,
    });
    const bootstrap = { ...DEFAULT_BOOTSTRAP, ...data };
    if (bootstrap.vertical === 'B2B') {
      warn('@keepsake/auth-js: this public token belongs to a B2B project; use a B2B client for it.');
    }
    return bootstrap;
  } catch (error) {
    warn(`@keepsake/auth-js: could not load the project's bootstrap config; using defaults. ${(error as Error).message}`);
    return DEFAULT_BOOTSTRAP;
  }
}
