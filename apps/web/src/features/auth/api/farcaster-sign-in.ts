// Sign In With Farcaster on /signin (docs/decisions/108), the one method beside the widget (ADR 124): the custody
// wallet signs a Sign In With Farcaster message and the server sets the console cookie.
import type { farcasterNonceBody, farcasterNonceResponse, sessionAuthenticateQuery, sessionAuthenticateResponse } from '@keepsake/wire/console/session';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { farcasterSignInMessage } from '../utils/farcaster-message';

/** An injected EIP-1193 provider (`window.ethereum`). */
type Eip1193Provider = { request(args: { method: string; params?: unknown[] }): Promise<unknown> };

declare global {
  interface Window {
    ethereum?: Eip1193Provider;
  }
}

/** No wallet of that kind is installed in this browser. */
export class NoWalletError extends Error {
  override readonly name = 'NoWalletError';
}

const utf8Hex = (text: string) => `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;

/**
 * Sign In With Farcaster through the injected Ethereum wallet holding the account's custody address (ADR 108: the
 * stand-in for the Farcaster app's relay and QR code): a nonce from the server, with the fid the address holds; the
 * message signed with `personal_sign`; the server verifies it against Farcaster's ID registry.
 */
export async function farcasterSignIn(callbackUrl: string): Promise<void> {
  const ethereum = window.ethereum;
  if (!ethereum) throw new NoWalletError('No Ethereum wallet was found in this browser.');
  const [address] = (await ethereum.request({ method: 'eth_requestAccounts' })) as string[];
  if (!address) throw new NoWalletError('The Ethereum wallet shared no account.');
  const nonceBody: z.input<typeof farcasterNonceBody> = { custodyAddress: address };
  const issued = await apiFetch<z.infer<typeof farcasterNonceResponse>>('/api/session/farcaster/nonce', { method: 'POST', body: nonceBody });
  if (!issued.fid) throw new NoWalletError('This wallet is not the custody address of a Farcaster account.');
  const message = farcasterSignInMessage(issued, { address, fid: issued.fid });
  const signature = (await ethereum.request({ method: 'personal_sign', params: [utf8Hex(message), address] })) as string;
  const query: z.input<typeof sessionAuthenticateQuery> = { signinAuthenticationMethod: 'farcaster', callbackUrl };
  await apiFetch<z.infer<typeof sessionAuthenticateResponse>>(`/api/session/authenticate?${new URLSearchParams(query).toString()}`, {
    method: 'POST',
    body: { message, signature, fid: issued.fid },
  });
}
