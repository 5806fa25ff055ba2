// Ethereum signature checks (docs/decisions/099): an EOA's personal_sign is recovered locally; any other signature
// (an ERC-1271 smart account, or an ERC-6492 wrapped one of an account not deployed yet) is checked against a
// chain's RPC with viem's verifyMessage / verifySiweMessage, which deploy-less call the ERC-6492 validator.
import { getAddress, isHex, verifyMessage, type Hex, type PublicClient } from 'viem';
import { parseSiweMessage, validateSiweMessage, verifySiweMessage } from 'viem/siwe';

/** A chain a smart-account signature may be checked on. */
export type VerifyingChain = { chainId: number; client: PublicClient };

type Input = { address: string; message: string; signature: string; siwe: boolean; now: Date };

export type EthereumVerdict = { ok: true } | { ok: false; reason: string };

async function recoversTo(address: Hex, message: string, signature: Hex): Promise<boolean> {
  try {
    return await verifyMessage({ address, message, signature });
  } catch {
    return false; // not a 65-byte ECDSA signature: maybe a smart account's
  }
}

/**
 * Whether `signature` signs `message` for `address`: locally for an EOA, else on `chains` (the SIWE message's chain,
 * or for a plain challenge every configured chain) through the RPC. A SIWE message must also be within its
 * validity window (issued-at / not-before / expiration).
 */
export async function verifyEthereumSignature(input: Input, chains: VerifyingChain[], onRpcError: (error: unknown) => void): Promise<EthereumVerdict> {
  if (!isHex(input.signature) || input.signature.length < 4) return { ok: false, reason: 'the signature must be 0x-prefixed hex.' };
  const address = getAddress(input.address);
  const signature = input.signature;
  if (input.siwe) {
    const parsed = parseSiweMessage(input.message);
    if (!validateSiweMessage({ message: parsed, address, time: input.now })) {
      return { ok: false, reason: 'the Sign-In with Ethereum message is not valid now (see its not-before and expiration times).' };
    }
  }
  if (await recoversTo(address, input.message, signature)) return { ok: true };
  for (const chain of chains) {
    try {
      const valid = input.siwe
        ? await verifySiweMessage(chain.client, { message: input.message, signature, address, time: input.now })
        : await chain.client.verifyMessage({ address, message: input.message, signature });
      if (valid) return { ok: true };
    } catch (error) {
      onRpcError(error);
    }
  }
  return { ok: false, reason: 'the signature does not match the address (as an EOA, an ERC-1271 or an ERC-6492 smart account).' };
}
