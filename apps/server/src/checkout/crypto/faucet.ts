// The devnet faucet (issue 14 item 13; ADR 106): 100 test USDXM to an address, once per address per hour (§9), on
// local chains only. The limit is claimed in the database together with the recorded mint transaction (ADR 030), so a
// failed mint leaves the address free to ask again, and concurrent requests cannot both pass. A mint the chain refuses
// (a revert, as it is signed or once mined) is reported as such, with the reason, never as a chain that did not
// answer (issue 22 item 13).
import { testUsdAbi } from '@keepsake/chains/abis';
import { revertReason } from '@keepsake/chains/actions/contract-errors';
import { signTransaction } from '@keepsake/chains/actions/sign-transaction';
import { isEvmChain } from '@keepsake/chains/blockchains';
import { getEvmChainDefinition } from '@keepsake/chains/registry';
import type { FaucetInput, FaucetResponse } from '@keepsake/wire/developer/faucet';
import { encodeFunctionData, getAddress, zeroAddress, type Address } from 'viem';
import { ChainNotOnServerError, ChainUnavailableError, UnknownChainNameError } from '../../chains/errors.ts';
import type { ChainTransactionRow, ChainTransactionService } from '../../chains/transactions.ts';
import { DomainError } from '../../platform/domain-errors.ts';
import type { AppContext } from '../../context.ts';
import { randomUUID } from 'node:crypto';
import { FaucetAddressRefusedError, FaucetChainRefusedError, FaucetLimitError, FaucetMintRevertedError } from './errors.ts';
import * as store from './store.ts';

/** §9: 100 per address per 3600 s. USDXM has 6 decimals. */
export const faucetAmountUnits = 100_000_000n;
export const faucetWindowMs = 3_600_000;
const FAUCET = 'faucet';

export function createFaucet(ctx: AppContext, deps: { chainTransactions: ChainTransactionService }) {
  return {
    /**
     * @throws UnknownChainNameError, FaucetChainRefusedError, ChainNotOnServerError, FaucetAddressRefusedError,
     *   FaucetLimitError, FaucetMintRevertedError, ChainUnavailableError
     */
    async drip(input: FaucetInput): Promise<FaucetResponse> {
      if (!isEvmChain(input.chain)) throw new UnknownChainNameError(input.chain);
      if (getEvmChainDefinition(input.chain).kind !== 'local') throw new FaucetChainRefusedError(input.chain);
      const devnet = ctx.chains.devnet;
      if (!devnet || !ctx.chains.connections.some((c) => c.chain === input.chain)) {
        throw new ChainNotOnServerError(`The chain "${input.chain}" is not configured on this Keepsake server.`);
      }
      const address = getAddress(input.address);
      // The test stablecoin's mint (OpenZeppelin's ERC20 `_mint`) refuses one receiver, the zero address
      // (ERC20InvalidReceiver); every other address it takes. Refused here, before anything is signed or claimed.
      if (address === zeroAddress) throw new FaucetAddressRefusedError();
      const data = encodeFunctionData({ abi: testUsdAbi, functionName: 'mint', args: [address, faucetAmountUnits] });
      let recorded: ChainTransactionRow | undefined;
      let settled: ChainTransactionRow | undefined;
      try {
        recorded = await ctx.db.transaction(async (tx) => {
          if (!(await store.claimFaucet(tx, input.chain, address, faucetWindowMs))) return undefined;
          // Signer 0 deployed the test stablecoin and owns it (chains/runtime.ts).
          const row = await deps.chainTransactions.record(tx, {
            chain: input.chain,
            slot: 0,
            purpose: FAUCET,
            subjectId: randomUUID(),
            details: { to: address },
            sign: (client, nonce) => signTransaction(client, { to: devnet.stablecoin, data, nonce }),
          });
          await store.setFaucetTransaction(tx, input.chain, address, row.id);
          return row;
        });
        if (recorded) [settled] = await deps.chainTransactions.waitFor([recorded.id], { timeoutMs: 30_000 });
      } catch (error) {
        if (error instanceof DomainError) throw error;
        // The chain answered, and refused: the gas estimate reverted as the mint was signed. The database
        // transaction rolled back, so neither the hour nor a nonce was taken.
        const reason = recorded ? undefined : revertReason(error);
        if (reason?.startsWith('ERC20InvalidReceiver(')) throw new FaucetAddressRefusedError();
        if (reason) throw new FaucetMintRevertedError(reason, { cause: error });
        // Recorded but not mined yet: it is sent again until it is (ADR 030), and the hour has begun.
        throw new ChainUnavailableError(
          recorded ? 'The faucet sent the USDXM but the devnet has not mined it yet; it will arrive.' : 'The devnet did not answer; try again.',
          undefined,
          { cause: error },
        );
      }
      if (!recorded) {
        const grant = await store.faucetGrant(ctx.db, input.chain, address);
        const retryAfterMs = (grant?.grantedAt.getTime() ?? Date.now()) + faucetWindowMs - Date.now();
        throw new FaucetLimitError(Math.max(1, retryAfterMs / 1000));
      }
      if (settled?.status === 'reverted') {
        // Mined, and reverted: no USDXM moved, so the address may ask again. Why: the same call on the chain as it
        // is now (the transaction's own revert data is not kept by the node).
        await store.releaseFaucet(ctx.db, input.chain, address, recorded.id);
        const why = await ctx.chains
          .get(input.chain)
          .client.call({ account: settled.signerAddress as Address, to: devnet.stablecoin, data })
          .then(
            () => undefined,
            (error: unknown) => revertReason(error),
          );
        throw new FaucetMintRevertedError(why, { minedHash: settled.hash });
      }
      return {
        chain: input.chain,
        address,
        amount: { amount: '100', currency: 'usdxm' },
        tokenAddress: devnet.stablecoin,
        txId: settled?.hash ?? recorded.hash,
      };
    },
  };
}

export type Faucet = ReturnType<typeof createFaucet>;
