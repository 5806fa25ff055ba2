import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { farcasterSignInMessage } from './farcaster-message';

const issued = {
  nonce: '0123456789abcdef0123456789abcdef',
  domain: 'keepsake.example:8443',
  uri: 'https://keepsake.example:8443',
  chainId: 10 as const,
  statement: 'Farcaster Auth',
  expirationTime: '2026-11-26T06:10:00.000Z',
};
const address = '0x355c2B23339D22e7063Aa93A7B0659D301971247';

describe('farcasterSignInMessage', () => {
  it('is the EIP-4361 message viem (and so @farcaster/auth-client) builds and parses, with the fid resource', () => {
    const issuedAt = new Date('2026-11-26T06:00:00.000Z');
    const message = farcasterSignInMessage(issued, { address, fid: 1234 }, issuedAt);
    expect(message).toBe(
      createSiweMessage({
        domain: issued.domain,
        address,
        statement: issued.statement,
        uri: issued.uri,
        version: '1',
        chainId: 10,
        nonce: issued.nonce,
        issuedAt,
        expirationTime: new Date(issued.expirationTime),
        resources: ['farcaster://fid/1234'],
      }),
    );
    expect(parseSiweMessage(message)).toMatchObject({ nonce: issued.nonce, chainId: 10, resources: ['farcaster://fid/1234'], statement: 'Farcaster Auth' });
  });
});
