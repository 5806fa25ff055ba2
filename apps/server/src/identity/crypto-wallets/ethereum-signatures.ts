// Ethereum signature checks (docs/decisions/099): an EOA's personal_sign is recovered locally; any other signature
// (an ERC-1271 smart account, or an ERC-6492 wrapped one of an account not deployed yet) is checked against a
// chain's RPC with viem's verifyMessage / verifySiweMessage, which deploy-less call the ERC-6492 validator.
import { getAddress, isHex, verifyMessage, type Hex, type PublicClient } from 'viem';
import { parseSiweMessage, validateSiweMessage, verifySiweMessage } from 'viem/siwe';

/** A chain a smart-account signature may be checked on. */
export type VerifyingChain = { chainId: number; client: PublicClient };

type Input = { address: string; messages: Array<{ message: string; siwe: boolean }>; signature: string; now: Date };

export type EthereumVerdict = { ok: true; index: number } | { ok: false; reason: string };

async function recoversTo(address: Hex, message: string, signature: Hex): Promise<boolean> {
  try {
    return await verifyMessage({ address, message, signature });
  } catch {
    return false; // not a 65-byte ECDSA signature: maybe a smart account's
  }
}

/**
 * Which of `messages` (a wallet's outstanding challenges, ADR 131) `signature` signs for `address`: each is first
 * tried locally, as an EOA's, and only then on `chainsOf(index)` (the SIWE message's chain, or for a plain challenge
 * every configured chain) through the RPC, so an EOA's sign-in never waits for a chain. A SIWE message must also be
 * within its validity window (issued-at / not-before / expiration).
 */
export async function verifyEthereumSignature(
  input: Input,
  chainsOf: (index: number) => VerifyingChain[],
  onRpcError: (error: unknown) => void,
): Promise<EthereumVerdict> {
  if (!isHex(input.signature) || input.signature.length < 4) return { ok: false, reason: 'the signature must be 0x-prefixed hex.' };
  const address = getAddress(input.address);
  const signature = input.signature;
  const current = input.messages
    .map((candidate, index) => ({ ...candidate, index }))
    .filter(({ message, siwe }) => !siwe || validateSiweMessage({ message: parseSiweMessage(message), address, time: input.now }));
  if (current.length === 0) {
    return { ok: false, reason: 'the Sign-In with Ethereum message is not valid now (see its not-before and expiration times).' };
  }
  for (const { message, index } of current) if (await recoversTo(address, message, signature)) return { ok: true, index };
  for (const { message, siwe, index } of current) {
    for (const chain of chainsOf(index)) {
      try {
        const valid = siwe
          ? await verifySiweMessage(chain.client, { message, signature, address, time: input.now })
          : await chain.client.verifyMessage({ address, message, signature });
        if (valid) return { ok: true, index };
      } catch (error) {
        onRpcError(error);
      }
    }
  }
  return { ok: false, reason: 'the signature does not match the address (as an EOA, an ERC-1271 or an ERC-6492 smart account).' };
}
