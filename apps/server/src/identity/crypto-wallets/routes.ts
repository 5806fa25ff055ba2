import {
  cryptoWalletAuthenticateBody,
  cryptoWalletAuthenticateResponse,
  cryptoWalletStartBody,
  cryptoWalletStartResponse,
} from '@keepsake/wire/sdk/crypto-wallets';
import type { App } from '../../http/types.ts';
import { clientErrors } from '../../http/schemas.ts';
import { sdkData, signInCallerOf } from '../sdk-auth.ts';
import type { CryptoWalletService } from './service.ts';

const tags = ['Auth: crypto wallets'];

/** Spec §7 /crypto_wallets: HTTP only; the challenge and signature rules live in the service. */
export function cryptoWalletRoutes(app: App, wallets: CryptoWalletService) {
  for (const [kind, summary] of [
    ['primary', 'A challenge for an Ethereum or Solana wallet to sign, to sign in (or sign up) with it'],
    ['secondary', "A challenge for a wallet to sign, to add it to the signed-in user and to the caller's session"],
  ] as const) {
    app.post(
      `/crypto_wallets/authenticate/start/${kind}`,
      {
        config: { auth: { kind: 'publicToken' } },
        schema: { tags, summary, body: cryptoWalletStartBody, response: { 200: cryptoWalletStartResponse, ...clientErrors } },
      },
      async (request, reply) => {
        const body = request.body;
        const result = await wallets.authenticateStart(signInCallerOf(request), {
          address: body.crypto_wallet_address,
          walletType: body.crypto_wallet_type,
          siweParams: body.siwe_params,
          origin: request.headers.origin,
          secondary: kind === 'secondary',
        });
        reply.header('cache-control', 'no-store');
        return sdkData(request, result);
      },
    );
  }

  app.post(
    '/crypto_wallets/authenticate',
    {
      config: { auth: { kind: 'publicToken' }, captcha: true },
      schema: {
        tags,
        summary: "Sign in with the wallet's signature of its challenge (the user is created on first sign-in)",
        body: cryptoWalletAuthenticateBody,
        response: { 200: cryptoWalletAuthenticateResponse, ...clientErrors },
      },
    },
    async (request) => {
      const body = request.body;
      return sdkData(
        request,
        await wallets.authenticate(signInCallerOf(request), {
          address: body.crypto_wallet_address,
          walletType: body.crypto_wallet_type,
          signature: body.signature,
          sessionDurationMinutes: body.session_duration_minutes,
        }),
      );
    },
  );
}
