// Per-chain configuration from the environment: an RPC URL, and optionally a chain id and an explorer URL
// that override the registry's. Only apps/server/src/config.ts reads process.env; it hands the variables to
// `parseChainEnv` and reports the issues with its own.
import { z } from 'zod';
import type { EvmChainDefinition } from './definitions/define-evm-chain.ts';
import { evmChains, type EvmBlockchain } from './enums/blockchains.ts';
import { evmChainDefinitions } from './registry.ts';

/** `CHAIN_BASE_SEPOLIA` for `base-sepolia`: the prefix of a chain's variables. */
export function chainEnvPrefix(chain: EvmBlockchain): string {
  return `CHAIN_${chain.toUpperCase().replaceAll('-', '_')}`;
}

const rpcUrl = z.url({ protocol: /^(https?|wss?)$/, message: 'expected an http(s):// or ws(s):// RPC URL' });
const explorerUrl = z.url({ protocol: /^https?$/, message: 'expected an http(s):// explorer URL' });
const contractAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, { message: 'expected a contract address (0x followed by 40 hex digits)' });
const chainId = z.coerce
  .number({ message: 'expected a chain id (a positive whole number)' })
  .int({ message: 'expected a chain id (a positive whole number)' })
  .positive();

/**
 * Every chain variable, all optional: `<prefix>_RPC_URL`, `<prefix>_CHAIN_ID`, `<prefix>_EXPLORER_URL`, and
 * `<prefix>_PAYMENTS_CONTRACT` (the KeepsakePayments contract crypto checkout uses there; ADR 106).
 */
export const chainEnvSchema = z
  .object(
    Object.fromEntries(
      evmChains.flatMap((chain) => {
        const prefix = chainEnvPrefix(chain);
        return [
          [`${prefix}_RPC_URL`, rpcUrl.optional()],
          [`${prefix}_CHAIN_ID`, chainId.optional()],
          [`${prefix}_EXPLORER_URL`, explorerUrl.optional()],
          [`${prefix}_PAYMENTS_CONTRACT`, contractAddress.optional()],
        ];
      }),
    ) as Record<string, z.ZodOptional<z.ZodType<string | number>>>,
  )
  .superRefine((env, issues) => {
    for (const chain of evmChains) {
      const prefix = chainEnvPrefix(chain);
      for (const suffix of ['CHAIN_ID', 'EXPLORER_URL', 'PAYMENTS_CONTRACT']) {
        if (env[`${prefix}_${suffix}`] !== undefined && env[`${prefix}_RPC_URL`] === undefined) {
          issues.addIssue({ code: 'custom', path: [`${prefix}_${suffix}`], message: `only applies with ${prefix}_RPC_URL set` });
        }
      }
    }
  });

/** One chain this deployment talks to. `rpcUrl` undefined means the embedded devnet (started by the server). */
export type ChainEndpoint = {
  chain: EvmBlockchain;
  definition: EvmChainDefinition;
  chainId: number;
  rpcUrl: string | undefined;
  explorerUrl: string | undefined;
  /** The KeepsakePayments contract for crypto checkout; on the devnet, Keepsake deploys one when none is set. */
  paymentsContract?: `0x${string}` | undefined;
};

export type ChainEnvResult = { success: true; endpoints: ChainEndpoint[] } | { success: false; issues: Array<{ variable: string; message: string }> };

/**
 * Reads the chain variables from an environment-shaped record. Returns every chain with an RPC URL
 * (in registry order), or the issues found, each naming its variable.
 *
 * @example
 * const result = parseChainEnv({ CHAIN_BASE_SEPOLIA_RPC_URL: 'https://sepolia.base.org' });
 */
export function parseChainEnv(env: Record<string, string | undefined>): ChainEnvResult {
  const relevant = Object.fromEntries(Object.entries(env).filter(([key, value]) => key.startsWith('CHAIN_') && value !== undefined && value !== ''));
  const parsed = chainEnvSchema.safeParse(relevant);
  if (!parsed.success) return { success: false, issues: parsed.error.issues.map((i) => ({ variable: String(i.path[0]), message: i.message })) };
  const values = parsed.data as Record<string, string | number | undefined>;
  const endpoints: ChainEndpoint[] = [];
  for (const chain of evmChains) {
    const prefix = chainEnvPrefix(chain);
    const url = values[`${prefix}_RPC_URL`] as string | undefined;
    if (!url) continue;
    const definition = evmChainDefinitions[chain];
    endpoints.push({
      chain,
      definition,
      chainId: (values[`${prefix}_CHAIN_ID`] as number | undefined) ?? definition.chain.id,
      rpcUrl: url,
      explorerUrl: ((values[`${prefix}_EXPLORER_URL`] as string | undefined) ?? definition.explorerUrl)?.replace(/\/$/, ''),
      paymentsContract: values[`${prefix}_PAYMENTS_CONTRACT`] as `0x${string}` | undefined,
    });
  }
  return { success: true, endpoints };
}
