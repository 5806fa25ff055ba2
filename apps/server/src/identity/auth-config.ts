import { authConfigSchema, authConfigSections, type authConfigPatchSchema } from '@keepsake/wire/console/auth-config';
import { platformDefaultWidget, widgetSettingsSchema } from '@keepsake/wire/console/widget-settings';
import type { z } from 'zod';

/**
 * A project's auth-service settings, kept in `projects.auth_config` (jsonb): the console's shape
 * (`@keepsake/wire/console/auth-config`), whose every field has a default, so an empty object is a complete
 * configuration and adding a setting needs no migration. Parsed once per tenant lookup; unknown keys are dropped.
 * The console edits it through `GET/PATCH /api/console/projects/{id}/auth-config`, which replaces top-level
 * keys whole (docs/decisions/016).
 */
export type AuthConfig = z.infer<typeof authConfigSchema>;

export type AuthConfigPatch = z.infer<typeof authConfigPatchSchema>;

/**
 * Before docs/decisions/124 the platform project kept `signInMethods.enabled` (a list, ADR 104); the widget's
 * products took its place and only Farcaster (not a widget product) is left, as `signInMethods.farcaster`.
 */
function fromLegacySignInMethods(stored: unknown): unknown {
  if (typeof stored !== 'object' || stored === null || !('enabled' in stored)) return stored;
  const enabled: unknown = stored.enabled;
  return { farcaster: Array.isArray(enabled) && enabled.includes('farcaster') };
}

/**
 * What is stored, made whole with the defaults. A stored key that no longer parses falls back to its own
 * defaults, so one bad key (say an old redirect URL) never switches off another (captcha, MFA). The platform
 * project's widget defaults to email passcodes and passkeys (`platformDefaultWidget`, ADR 124).
 *
 * @example
 * const config = parseAuthConfig(row.authConfig, { platform: row.isPlatform });
 */
export function parseAuthConfig(stored: unknown, options: { platform?: boolean } = {}): AuthConfig {
  const raw = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const document: Record<string, unknown> = { ...raw, signInMethods: fromLegacySignInMethods(raw.signInMethods) };
  if (options.platform && !widgetSettingsSchema.safeParse(raw.widget).success) document.widget = platformDefaultWidget;
  const whole = authConfigSchema.safeParse(document);
  if (whole.success) return whole.data;
  const keys = Object.keys(authConfigSections) as (keyof typeof authConfigSections)[];
  return authConfigSchema.parse(
    Object.fromEntries(keys.filter((key) => authConfigSections[key].safeParse(document[key] ?? {}).success).map((key) => [key, document[key]])),
  );
}
