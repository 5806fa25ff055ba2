import { describe, expect, it } from 'vitest';
import { statusOfKind } from '../http/error-handler.ts';
import { formatOwner, InvalidWalletLocatorError, parseWalletLocator, parseWalletOwner } from './locators.ts';

const lower = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const checksummed = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const badChecksum = '0x5FBDB2315678afecb367f032d93F642f64180aa3';

function errorOf(run: () => unknown): InvalidWalletLocatorError {
  try {
    run();
  } catch (error) {
    if (error instanceof InvalidWalletLocatorError) return error;
    throw error;
  }
  throw new Error('expected an InvalidWalletLocatorError');
}

describe('parseWalletLocator', () => {
  it('reads email locators with a chain or the evm family, lower-casing the address', () => {
    expect(parseWalletLocator('email:Alice@Example.COM:devnet')).toEqual({ kind: 'email', email: 'alice@example.com', chainType: 'evm', chain: 'devnet' });
    expect(parseWalletLocator('email:alice+nft@example.com:evm')).toEqual({
      kind: 'email',
      email: 'alice+nft@example.com',
      chainType: 'evm',
      chain: undefined,
    });
    expect(parseWalletLocator('email:a@example.com:base-sepolia:custodial')).toMatchObject({ chain: 'base-sepolia' });
    expect(parseWalletLocator('email:a@example.com:evm:mpc')).toMatchObject({ kind: 'email' });
  });

  it('reads userId locators, keeping the id as given', () => {
    expect(parseWalletLocator('userId:auth0|AbC-123:polygon')).toEqual({ kind: 'userId', userId: 'auth0|AbC-123', chainType: 'evm', chain: 'polygon' });
  });

  it('reads <chain>:<address> and bare addresses, checksumming them', () => {
    expect(parseWalletLocator(`devnet:${lower}`)).toEqual({ kind: 'address', address: checksummed, chainType: 'evm', chain: 'devnet' });
    expect(parseWalletLocator(`evm:${checksummed}`)).toEqual({ kind: 'address', address: checksummed, chainType: 'evm', chain: undefined });
    expect(parseWalletLocator(lower.toUpperCase().replace('0X', '0x'))).toMatchObject({ address: checksummed, chain: undefined });
  });

  it.each([
    ['', 'it is empty'],
    ['email:alice@example.com', 'locators end with the chain'],
    ['email:not-an-email:devnet', 'is not a valid email address'],
    ['email:a@example.com:narnia', 'unknown chain "narnia"'],
    ['email:a@example.com:solana', 'only EVM wallets are supported so far, and "solana" is not an EVM chain'],
    ['email:a@example.com:evm:smart', 'smart wallets are not supported'],
    ['email:a@example.com:evm:custodial:extra', 'too many parts'],
    ['userId::devnet', 'a user id is 1 to 128'],
    ['userId:has space:devnet', 'a user id is 1 to 128'],
    [`userId:${'x'.repeat(129)}:devnet`, 'a user id is 1 to 128'],
    ['phoneNumber:+15555550123:evm', 'phoneNumber: locators are not supported'],
    ['0x1234', 'is not an EVM address'],
    [`devnet:${badChecksum}`, 'has a wrong EIP-55 checksum'],
    [`narnia:${lower}`, 'unknown chain "narnia"'],
    [`a:b:${lower}`, 'too many parts'],
  ])('refuses %j with a 400 that says why', (input, reason) => {
    const error = errorOf(() => parseWalletLocator(input));
    expect(statusOfKind[error.kind]).toBe(400);
    expect(error.errorType).toBe('invalid_wallet_locator');
    expect(error.message).toContain(reason);
    expect(error.message).toContain('Use email:<email>:<chain>, userId:<id>:<chain>, <chain>:<address> or an address.');
  });

  it('quotes at most 80 characters of what it was given', () => {
    const error = errorOf(() => parseWalletLocator(`email:${'a'.repeat(300)}@example.com:narnia`));
    expect(error.message.length).toBeLessThan(400);
  });
});

describe('parseWalletOwner', () => {
  it('reads email:<email> and userId:<id>, and the locator forms with a chain family', () => {
    expect(parseWalletOwner('email:Bob@Example.com')).toEqual({ kind: 'email', email: 'bob@example.com', chainType: undefined });
    expect(parseWalletOwner('userId:user-7')).toEqual({ kind: 'userId', userId: 'user-7', chainType: undefined });
    expect(parseWalletOwner('email:bob@example.com:evm')).toMatchObject({ kind: 'email', email: 'bob@example.com', chainType: 'evm' });
  });

  it.each(['bob@example.com', 'email', `devnet:${lower}`, 'phoneNumber:+15555550123', 'email:nope'])('refuses %j', (input) => {
    const error = errorOf(() => parseWalletOwner(input));
    expect(statusOfKind[error.kind]).toBe(400);
    expect(error.errorType).toBe('invalid_wallet_locator');
  });

  it('formats owners back', () => {
    expect(formatOwner({ kind: 'email', email: 'bob@example.com' })).toBe('email:bob@example.com');
    expect(formatOwner({ kind: 'userId', userId: 'u1' })).toBe('userId:u1');
  });
});
