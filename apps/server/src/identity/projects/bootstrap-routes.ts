import { bootstrapParams, bootstrapResponse } from '@keepsake/wire/sdk/bootstrap';
import type { App } from '../../http/types.ts';
import { clientErrors } from '../../http/schemas.ts';
import type { AuthConfig } from '../auth-config.ts';
import type { IdentityService } from '../service.ts';

/** The luds settings the widget shows (spec §5 messages); null under the zxcvbn policy, which has none. */
function passwordConfig(passwords: AuthConfig['passwords']) {
  return passwords.strengthPolicy === 'luds' ? { luds_complexity: passwords.ludsComplexity, luds_minimum_count: passwords.ludsMinimumCount } : null;
}

export function bootstrapRoutes(app: App, identity: Pick<IdentityService, 'captcha' | 'emailDomains' | 'projectByPublicToken'>) {
  const { captcha } = identity;
  app.get(
    '/projects/bootstrap/:public_token',
    {
      config: { cors: 'path-token' },
      schema: {
        tags: ['Auth: projects'],
        summary: 'Public configuration the SDK reads at start-up',
        params: bootstrapParams,
        response: { 200: bootstrapResponse, ...clientErrors },
      },
    },
    async (request) => {
      const tenant = await identity.projectByPublicToken(request.params.public_token);
      return {
        data: {
          request_id: request.id,
          status_code: 200,
          project_name: tenant.name,
          disable_sdk_watermark: true,
          cname_domain: null,
          // Every project's mail goes out From MAIL_FROM: the widget opens webmail at a search for its domain.
          email_domains: identity.emailDomains,
          captcha_settings: tenant.authConfig.captcha.enabled ? { enabled: true as const, siteKey: captcha.siteKey } : { enabled: false as const },
          pkce_required_for_email_magic_links: tenant.authConfig.magicLinks.pkceRequired,
          pkce_required_for_password_resets: tenant.authConfig.passwords.pkceRequiredForResets,
          pkce_required_for_oauth: tenant.authConfig.oauth.pkceRequired,
          pkce_required_for_sso: false,
          slug_pattern: '',
          create_organization_enabled: false,
          password_config: passwordConfig(tenant.authConfig.passwords),
          dfp_protected_auth_enabled: false,
          dfp_protected_auth_mode: null,
          rbac_policy: null,
          siwe_required_for_crypto_wallets: tenant.authConfig.cryptoWallets.siweRequired,
          vertical: 'CONSUMER' as const,
        },
      };
    },
  );
}
