import { createAuthClient, type AuthClient } from '@keepsake/auth-js';
import { cryptoWallets } from '@keepsake/auth-js/crypto-wallets';
import { otps } from '@keepsake/auth-js/otps';
import { webauthn } from '@keepsake/auth-js/webauthn';
import { apiFetch } from '../api-client';

/** The console's auth client: the platform project's public token; passcodes, passkeys and wallet challenges (ADR 104). */
export type ConsoleAuthClient = AuthClient<readonly [typeof otps, typeof webauthn, typeof cryptoWallets]>;

let client: Promise<ConsoleAuthClient> | undefined;

/**
 * The one @keepsake/auth-js client of the app, for the platform project (the console signs in through the auth
 * service like any customer app). Created on first use; its endpoint is this origin.
 *
 * @example
 * const auth = await consoleAuthClient();
 * await auth.otps.email.loginOrCreate(email);
 */
export function consoleAuthClient(): Promise<ConsoleAuthClient> {
  client ??= apiFetch<{ publicToken: string }>('/api/platform').then(
    ({ publicToken }) => createAuthClient(publicToken, { products: [otps, webauthn, cryptoWallets] as const }),
    (error: unknown) => {
      client = undefined;
      throw error;
    },
  );
  return client;
}

/** Ends the auth service session this browser holds, if any (revoked, cookies and state cleared in every tab). */
export async function endAuthSession(): Promise<void> {
  const auth = await consoleAuthClient();
  await auth.session.revoke({ forceClear: true });
}
