import { z } from 'zod';

/** Spec §3 "Bootstrap config", in the SDK's snake_case wire form. */
export const bootstrapSchema = z.object({
  request_id: z.string(),
  status_code: z.number(),
  project_name: z.string(),
  disable_sdk_watermark: z.boolean(),
  cname_domain: z.string().nullable(),
  email_domains: z.array(z.string()),
  // Never null: the genuine client reads `captcha_settings.enabled` before every captcha-guarded call (issue 10).
  captcha_settings: z.union([z.object({ enabled: z.literal(true), siteKey: z.string() }), z.object({ enabled: z.literal(false) })]),
  pkce_required_for_email_magic_links: z.boolean(),
  pkce_required_for_password_resets: z.boolean(),
  pkce_required_for_oauth: z.boolean(),
  pkce_required_for_sso: z.boolean(),
  slug_pattern: z.string(),
  create_organization_enabled: z.boolean(),
  password_config: z.object({ luds_complexity: z.number(), luds_minimum_count: z.number() }).nullable(),
  dfp_protected_auth_enabled: z.boolean(),
  dfp_protected_auth_mode: z.string().nullable(),
  rbac_policy: z.record(z.string(), z.unknown()).nullable(),
  siwe_required_for_crypto_wallets: z.boolean(),
  vertical: z.enum(['CONSUMER', 'B2B']),
});

/** GET /projects/bootstrap/{public_token}. */
export const bootstrapParams = z.object({ public_token: z.string().min(1).max(200) });
export const bootstrapResponse = z.object({ data: bootstrapSchema });
