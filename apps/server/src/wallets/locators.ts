// The wallet locator grammar (ADR 036). One parser serves the wallets API's path parameter, the owner field of
// POST /wallets and the minting API's recipients:
//
//   locator  = "email:" email ":" chainRef [":" type]
//            | "userId:" id ":" chainRef [":" type]
//            | chain ":" address
//            | address
//   chainRef = "evm" | an EVM chain name (devnet, base-sepolia, …)
//   type     = "custodial" | "mpc"
//   owner    = "email:" email | "userId:" id          (POST /wallets; the locator forms are accepted too)
import { blockchains, isEvmChain, type EvmBlockchain } from '@keepsake/chains/blockchains';
import type { WalletChainType } from '@keepsake/db/schema';
import { checksumAddress } from '@keepsake/chains/address';
import { emailSchema } from '@keepsake/wire/common';
import type { Address } from 'viem';
import { InvalidInputError } from '../platform/domain-errors.ts';
import { errorTypes } from '../platform/error-types.ts';

/** The wallet locator or owner is not one Keepsake understands: 400 `invalid_wallet_locator`. */
export class InvalidWalletLocatorError extends InvalidInputError {
  constructor(message: string) {
    super(message, errorTypes.invalidWalletLocator);
  }
}

export type { WalletChainType };

/** Who a wallet belongs to: an email address, or a user id (an auth user's, or one of the developer's own). */
export type WalletOwner = { kind: 'email'; email: string } | { kind: 'userId'; userId: string };

/** A parsed locator. `chain` is undefined when the locator names only the chain family (`evm`) or is a bare address. */
export type WalletLocator = (WalletOwner | { kind: 'address'; address: Address }) & { chainType: WalletChainType; chain: EvmBlockchain | undefined };

/** A developer's own user id: letters, digits and `._~@+|=-`, up to 128 characters (no colon, no slash). */
const userIdPattern = /^[A-Za-z0-9._~@+|=-]{1,128}$/;

const usage = 'Use email:<email>:<chain>, userId:<id>:<chain>, <chain>:<address> or an address.';

function quote(text: string): string {
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
}

function invalid(input: string, reason: string, what = 'wallet locator'): InvalidWalletLocatorError {
  return new InvalidWalletLocatorError(`Invalid ${what} ${quote(input)}: ${reason}. ${usage}`);
}

function parseChainRef(input: string, ref: string, what: string): { chainType: WalletChainType; chain: EvmBlockchain | undefined } {
  if (ref === 'evm') return { chainType: 'evm', chain: undefined };
  if (isEvmChain(ref)) return { chainType: 'evm', chain: ref };
  if ((blockchains as readonly string[]).includes(ref)) {
    throw invalid(input, `only EVM wallets are supported so far, and ${quote(ref)} is not an EVM chain`, what);
  }
  throw invalid(input, `unknown chain ${quote(ref)} (use evm or an EVM chain name such as devnet or base-sepolia)`, what);
}

function parseWalletType(input: string, type: string | undefined, what: string): void {
  if (type === undefined || type === 'custodial' || type === 'mpc') return;
  if (type === 'smart') throw invalid(input, 'smart wallets are not supported; Keepsake wallets are custodial', what);
  throw invalid(input, `unknown wallet type ${quote(type)} (use custodial)`, what);
}

function parseAddress(input: string, text: string, what: string): Address {
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) throw invalid(input, `${quote(text)} is not an EVM address (0x and 40 hex digits)`, what);
  // Mixed case must be a valid EIP-55 checksum; all lower or all upper case carries none.
  const hex = text.slice(2);
  const caseless = hex === hex.toLowerCase() || hex === hex.toUpperCase();
  const checksummed = checksumAddress(text); // one keccak: it is also the checksum to compare with
  if (!caseless && checksummed !== text) throw invalid(input, `${quote(text)} has a wrong EIP-55 checksum`, what);
  return checksummed;
}

function parseOwnerParts(input: string, prefix: string, value: string | undefined, what: string): WalletOwner {
  if (prefix === 'email') {
    const email = emailSchema.safeParse(value ?? '');
    if (!email.success) throw invalid(input, `${quote(value ?? '')} is not a valid email address`, what);
    return { kind: 'email', email: email.data };
  }
  if (!value || !userIdPattern.test(value)) {
    throw invalid(input, 'a user id is 1 to 128 letters, digits or ._~@+|=- characters', what);
  }
  return { kind: 'userId', userId: value };
}

const ownerPrefixes = new Set(['email', 'userId']);
const unsupportedPrefixes = new Set(['phoneNumber', 'twitter', 'x', 'me', 'ownerEmail']);

/**
 * Parses a wallet locator or mint recipient.
 *
 * @example
 * parseWalletLocator('email:Alice@Example.com:devnet'); // { kind: 'email', email: 'alice@example.com', chainType: 'evm', chain: 'devnet' }
 * parseWalletLocator('base-sepolia:0xabc…');             // { kind: 'address', address: '0xAbC…', chainType: 'evm', chain: 'base-sepolia' }
 * @throws InvalidWalletLocatorError (`invalid_wallet_locator`) naming what is wrong.
 */
export function parseWalletLocator(input: string, what = 'wallet locator'): WalletLocator {
  const parts = input.split(':');
  const [first = '', second, third, fourth] = parts;
  if (input.trim() === '') throw invalid(input, 'it is empty', what);
  if (ownerPrefixes.has(first)) {
    if (parts.length < 3) throw invalid(input, `${first}: locators end with the chain, e.g. ${first}:…:evm or ${first}:…:devnet`, what);
    if (parts.length > 4) throw invalid(input, 'it has too many parts', what);
    const owner = parseOwnerParts(input, first, second, what);
    const chain = parseChainRef(input, third ?? '', what);
    parseWalletType(input, fourth, what);
    return { ...owner, ...chain };
  }
  if (unsupportedPrefixes.has(first)) throw invalid(input, `${first}: locators are not supported`, what);
  if (parts.length === 1) return { kind: 'address', address: parseAddress(input, first, what), chainType: 'evm', chain: undefined };
  if (parts.length === 2) {
    const chain = parseChainRef(input, first, what);
    return { kind: 'address', address: parseAddress(input, second ?? '', what), ...chain };
  }
  throw invalid(input, 'it has too many parts', what);
}

/**
 * Parses the `owner` of POST /wallets: `email:<email>` or `userId:<id>`, or a locator of either form
 * (`email:<email>:<chain>`), whose chain then names the chain family.
 *
 * @throws InvalidWalletLocatorError (`invalid_wallet_locator`).
 */
export function parseWalletOwner(input: string): WalletOwner & { chainType: WalletChainType | undefined } {
  const parts = input.split(':');
  const [prefix = '', value] = parts;
  const notAnOwner = () => new InvalidWalletLocatorError(`Invalid owner ${quote(input)}: use email:<email> or userId:<id>.`);
  if (!ownerPrefixes.has(prefix) || parts.length < 2) throw notAnOwner();
  if (parts.length === 2) return { ...parseOwnerParts(input, prefix, value, 'owner'), chainType: undefined };
  const locator = parseWalletLocator(input, 'owner');
  if (locator.kind === 'address') throw notAnOwner();
  return locator;
}

/** `email:<email>` or `userId:<id>`: the owner as the API shows it. */
export function formatOwner(owner: WalletOwner): string {
  return owner.kind === 'email' ? `email:${owner.email}` : `userId:${owner.userId}`;
}

/** `<chain>:<address>`. */
export function addressLocator(chain: string, address: string): string {
  return `${chain}:${address}`;
}
