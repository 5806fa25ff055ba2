// The text a wallet signs (docs/decisions/099): a plain challenge, or an EIP-4361 (Sign-In with Ethereum) message
// built with viem's SIWE helpers.
import { randomBytes } from 'node:crypto';
import { getAddress } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import type { SiweParams } from '@keepsake/wire/sdk/crypto-wallets';
import { InvalidSiweParamsError } from './errors.ts';
import type { WalletKey } from './wallet-keys.ts';

/** How long a challenge may be signed and sent back. */
export const CHALLENGE_TTL_MS = 10 * 60_000;

/**
 * Outstanding challenges kept per wallet (ADR 131): a start by someone else leaves the owner's; beyond this many the
 * oldest is dropped. Starts per wallet are limited to as many per rate-limit window (by default 10 minutes, the
 * challenge's lifetime), so pushing the owner's challenge out takes about a window's whole allowance.
 */
export const CHALLENGES_PER_WALLET = 10;

/** The SIWE fields a sign-in answers with (`siwe_params` of the Stytch authenticate response). */
export type SiweRecord = { domain: string; uri: string; chain_id: string; resources: string[]; issued_at: string; message_request_id: string };

export type Challenge = { message: string; siwe: SiweRecord | null; chainId: number | null };

/** A nonce SIWE accepts (alphanumeric, at least 8 characters): 128 random bits in hex. */
const nonce = () => randomBytes(16).toString('hex');

/** Free text of ours (the project name) on one line of a signed message: no control character may break it up. */
const onALine = (text: string) => text.replace(/[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]+/gu, ' ');
const oneLine = (text: string) => onALine(text).slice(0, 100);

/** A plain challenge: the project, the wallet and a nonce, readable in the wallet's prompt. */
export function plainChallenge(projectName: string, key: WalletKey, now: Date): Challenge {
  const chain = key.walletType === 'ethereum' ? 'Ethereum' : 'Solana';
  const message = [
    `Sign in to ${oneLine(projectName)} with your ${chain} wallet:`,
    key.walletType === 'ethereum' ? getAddress(key.address) : key.address,
    '',
    'This request will not trigger a transaction or cost any fees.',
    '',
    `Nonce: ${nonce()}`,
    `Issued At: ${now.toISOString()}`,
  ].join('\n');
  return { message, siwe: null, chainId: null };
}

function absoluteUrl(text: string, field: string): URL {
  try {
    return new URL(text);
  } catch {
    throw new InvalidSiweParamsError(`${field} must be an absolute URI such as https://app.example.com.`);
  }
}

/**
 * An EIP-4361 message for `key` (an Ethereum wallet). `uri` defaults to the caller's origin; its origin must pass
 * `originAllowed`, and `domain` (default: the URI's authority) must be that authority.
 * @throws InvalidSiweParamsError
 */
export function siweChallenge(
  input: { key: WalletKey; params: SiweParams; callerOrigin: string | undefined; now: Date; statement: string },
  originAllowed: (origin: string) => boolean,
): Challenge {
  const { params, now } = input;
  const uriText = params.uri ?? input.callerOrigin;
  if (!uriText) throw new InvalidSiweParamsError('uri is required (the page asking for the signature) when the request has no Origin header.');
  const uri = absoluteUrl(uriText, 'uri');
  if (!originAllowed(uri.origin))
    throw new InvalidSiweParamsError(`the origin of uri (${uri.origin.slice(0, 200)}) is not one of the project's allowed origins.`);
  const domain = params.domain ?? uri.host;
  if (domain.toLowerCase() !== uri.host.toLowerCase()) throw new InvalidSiweParamsError(`domain must be the authority of uri (${uri.host}).`);
  const resources = params.resources ?? [];
  for (const resource of resources) absoluteUrl(resource, 'each of resources');
  const chainId = Number(params.chain_id ?? '1');
  const issuedAt = params.issued_at ? new Date(params.issued_at) : now;
  let message: string;
  try {
    message = createSiweMessage({
      address: getAddress(input.key.address),
      chainId,
      domain,
      uri: uriText,
      version: '1',
      nonce: nonce(),
      issuedAt,
      expirationTime: new Date(now.getTime() + CHALLENGE_TTL_MS),
      ...(params.not_before ? { notBefore: new Date(params.not_before) } : {}),
      statement: params.statement ?? onALine(input.statement),
      ...(params.message_request_id ? { requestId: params.message_request_id } : {}),
      ...(resources.length > 0 ? { resources } : {}),
    });
  } catch (error) {
    throw new InvalidSiweParamsError(
      (error instanceof Error ? (error as { shortMessage?: string }).shortMessage || error.message : String(error)).slice(0, 300),
    );
  }
  return {
    message,
    chainId,
    siwe: {
      domain,
      uri: uriText,
      chain_id: String(chainId),
      resources,
      issued_at: issuedAt.toISOString(),
      message_request_id: params.message_request_id ?? '',
    },
  };
}
