// The product app's other sign-in methods (docs/decisions/104): each ends with the console session cookie. Passkeys
// go through the auth SDK and exchange its session token; wallets sign the platform project's challenge and post
// it to /api/session/authenticate; Farcaster's custody wallet signs a Sign In With Farcaster message (ADR 108);
// Google and Discord are a navigation to the server, which redirects onwards.
import { base58 } from '@scure/base';
import type {
  farcasterNonceBody,
  farcasterNonceResponse,
  sessionAuthenticateBody,
  sessionAuthenticateQuery,
  sessionAuthenticateResponse,
} from '@keepsake/wire/console/session';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { consoleAuthClient } from '../../../lib/auth/auth-client';
import { farcasterSignInMessage } from '../utils/farcaster-message';
import { authenticateSession } from './authenticate-session';
import { SESSION_DURATION_MINUTES } from './verify-email-passcode';

/** An injected EIP-1193 provider (`window.ethereum`). */
type Eip1193Provider = { request(args: { method: string; params?: unknown[] }): Promise<unknown> };
/** An injected Solana wallet (`window.solana`, Phantom-like). */
type SolanaProvider = {
  connect(): Promise<{ publicKey: { toString(): string } }>;
  signMessage(message: Uint8Array, display?: 'utf8'): Promise<{ signature: Uint8Array } | Uint8Array>;
};

declare global {
  interface Window {
    ethereum?: Eip1193Provider;
    solana?: SolanaProvider;
  }
}

/** No wallet of that kind is installed in this browser. */
export class NoWalletError extends Error {
  override readonly name = 'NoWalletError';
}

/** `GET /api/session/authenticate?…` for Google or Discord: the server redirects through the provider and back. */
export function oauthSignInUrl(method: 'google' | 'discord', callbackUrl: string): string {
  const query: z.input<typeof sessionAuthenticateQuery> = { signinAuthenticationMethod: method, callbackUrl };
  return `/api/session/authenticate?${new URLSearchParams(query).toString()}`;
}

/**
 * Signs in with a passkey; `conditional` is passkey autofill on the email input (it waits for the user to pick
 * one, until `signal` aborts). Resolves false when autofill is not available or was aborted.
 */
export async function passkeySignIn(options: { conditional: boolean; signal?: AbortSignal }): Promise<boolean> {
  const auth = await consoleAuthClient();
  if (options.conditional && !(await auth.webauthn.browserSupportsAutofill())) return false;
  const result = await auth.webauthn.authenticate({
    session_duration_minutes: SESSION_DURATION_MINUTES,
    conditional_mediation: options.conditional,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!result) return false;
  await authenticateSession(result.session_token);
  return true;
}

const utf8Hex = (text: string) => `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;

/** The wallet's address and its signature of the platform project's challenge. */
async function signChallenge(kind: 'evm' | 'solana'): Promise<{ walletAddress: string; message: string; signature: string }> {
  const auth = await consoleAuthClient();
  if (kind === 'evm') {
    const ethereum = window.ethereum;
    if (!ethereum) throw new NoWalletError('No Ethereum wallet was found in this browser.');
    const [address] = (await ethereum.request({ method: 'eth_requestAccounts' })) as string[];
    if (!address) throw new NoWalletError('The Ethereum wallet shared no account.');
    const { challenge } = await auth.cryptoWallets.authenticateStart({ crypto_wallet_address: address, crypto_wallet_type: 'ethereum' });
    const signature = (await ethereum.request({ method: 'personal_sign', params: [utf8Hex(challenge), address] })) as string;
    return { walletAddress: address, message: challenge, signature };
  }
  const solana = window.solana;
  if (!solana) throw new NoWalletError('No Solana wallet was found in this browser.');
  const address = (await solana.connect()).publicKey.toString();
  const { challenge } = await auth.cryptoWallets.authenticateStart({ crypto_wallet_address: address, crypto_wallet_type: 'solana' });
  const signed = await solana.signMessage(new TextEncoder().encode(challenge), 'utf8');
  const bytes = signed instanceof Uint8Array ? signed : signed.signature;
  return { walletAddress: address, message: challenge, signature: base58.encode(bytes) };
}

/** Posts the method's credentials to /api/session/authenticate; the server sets the session cookie. */
async function authenticateWith(method: 'evm' | 'solana' | 'farcaster', body: z.input<typeof sessionAuthenticateBody>, callbackUrl: string) {
  const query: z.input<typeof sessionAuthenticateQuery> = { signinAuthenticationMethod: method, callbackUrl };
  await apiFetch<z.infer<typeof sessionAuthenticateResponse>>(`/api/session/authenticate?${new URLSearchParams(query).toString()}`, {
    method: 'POST',
    body,
  });
}

/** Signs in with an injected Ethereum or Solana wallet; the server sets the session cookie. */
export async function walletSignIn(kind: 'evm' | 'solana', callbackUrl: string): Promise<void> {
  await authenticateWith(kind, await signChallenge(kind), callbackUrl);
}

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
  await authenticateWith('farcaster', { message, signature, fid: issued.fid }, callbackUrl);
}
