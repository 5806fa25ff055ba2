// The Sign In With Farcaster message (an EIP-4361 message with a farcaster://fid/<fid> resource) the product app's
// /signin has the custody wallet sign (docs/decisions/108). The fields come from the server's nonce
// (POST /api/session/farcaster/nonce), so the message names what the server checks.
import type { farcasterNonceResponse } from '@keepsake/wire/console/session';
import type { z } from 'zod';

type Issued = z.infer<typeof farcasterNonceResponse>;

/** The EIP-4361 text, in the standard's field order. `address` should be the wallet's EIP-55 form. */
export function farcasterSignInMessage(issued: Omit<Issued, 'fid'>, account: { address: string; fid: number }, issuedAt = new Date()): string {
  return [
    `${issued.domain} wants you to sign in with your Ethereum account:`,
    account.address,
    '',
    issued.statement,
    '',
    `URI: ${issued.uri}`,
    'Version: 1',
    `Chain ID: ${issued.chainId}`,
    `Nonce: ${issued.nonce}`,
    `Issued At: ${issuedAt.toISOString()}`,
    `Expiration Time: ${issued.expirationTime}`,
    'Resources:',
    `- farcaster://fid/${account.fid}`,
  ].join('\n');
}
