// What the product app's /signin offers (ADR 124: the platform project's widget, and Farcaster beside it), set
// through the admin API as the integration tests of the product app's sign-in do.
import type { WidgetSettings } from '@keepsake/wire/console/widget-settings';
import { expect } from 'vitest';
import type { TestServer } from './harness.ts';

/**
 * The platform widget and Farcaster flag that offer these methods of spec §3 (email, phone, passkey, evm, solana,
 * google, discord, farcaster): passcodes by email and/or SMS, passkeys, the crypto product for wallets, the OAuth
 * product with the providers named.
 */
export function platformSignInFor(methods: string[]): { widget: WidgetSettings; signInMethods: { farcaster: boolean } } {
  const has = (method: string) => methods.includes(method);
  const otpMethods = (['email', 'sms'] as const).filter((method) => has(method === 'sms' ? 'phone' : method));
  const providers = (['google', 'discord'] as const).filter(has).map((type) => ({ type }));
  const products: WidgetSettings['config']['products'] = [
    ...(providers.length ? (['oauth'] as const) : []),
    ...(otpMethods.length ? (['otp'] as const) : []),
    ...(has('evm') || has('solana') ? (['crypto'] as const) : []),
    ...(has('passkey') ? (['passkeys'] as const) : []),
  ];
  return {
    widget: {
      config: {
        products: products.length ? products : ['otp'],
        ...(otpMethods.length ? { otpOptions: { methods: otpMethods, expirationMinutes: 5 } } : {}),
        ...(providers.length ? { oauthOptions: { providers } } : {}),
      },
      styles: {},
    },
    signInMethods: { farcaster: has('farcaster') },
  };
}

/** Makes /signin offer these methods (see {@link platformSignInFor}), as the administrator whose cookie is given. */
export async function enablePlatformSignInMethods(server: TestServer, adminCookie: string, methods: string[]): Promise<void> {
  const res = await server.request('/api/admin/platform/auth-config', {
    method: 'PATCH',
    cookie: adminCookie,
    body: { authConfig: platformSignInFor(methods) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
