// Keeps a deployed contract's supply limits in step with the database: the ERC-721 collection's limit (PATCH
// supplyLimit) and each ERC-1155 template's (supply.limit). The owner (the deploying signer) sets them through
// the same recorded, exactly-once transactions as the deploy. Setting a limit is idempotent, so a repeated run
// costs at most a wasted transaction, and a run reads the chain first so usually sends nothing.
import { getSupplyLimit } from '@keepsake/chains/actions/get-supply-limit';
import { signSetSupplyLimit } from '@keepsake/chains/actions/sign-set-supply-limit';
import type { Address } from 'viem';
import type { ChainTransactionService } from '../chains/transactions.ts';
import type { AppContext } from '../context.ts';
import * as store from './store.ts';

const SET_LIMIT = 'collection.set-supply-limit';

type Target = { tokenId: string | undefined; limit: bigint };

export function createSupplySync(ctx: AppContext, deps: { chainTransactions: ChainTransactionService }) {
  const db = ctx.db;
  const { chainTransactions } = deps;

  /** The limits the chain must hold that it does not hold yet. */
  async function outOfStep(row: store.CollectionRow): Promise<Target[]> {
    const client = ctx.chains.get(row.chain).client;
    const contract = row.contractAddress as Address;
    const wanted: Target[] =
      row.contractType === 'erc-721'
        ? [{ tokenId: undefined, limit: BigInt(row.supplyLimit ?? 0) }]
        : (await store.listAllTemplates(db, row.id)).map((t) => ({ tokenId: t.tokenId, limit: BigInt(t.supplyLimit ?? 0) }));
    const differing: Target[] = [];
    for (const target of wanted) {
      const onChain = await getSupplyLimit(
        client,
        target.tokenId === undefined ? { contractType: 'erc-721', contract } : { contractType: 'erc-1155', contract, tokenId: BigInt(target.tokenId) },
      );
      if (onChain.limit === target.limit) continue;
      if (target.limit !== 0n && target.limit < onChain.minted) {
        ctx.log.warn(
          { collectionId: row.id, tokenId: target.tokenId, limit: target.limit, minted: onChain.minted },
          'supply limit below what is minted: left as it is on chain',
        );
        continue;
      }
      differing.push(target);
    }
    return differing;
  }

  return {
    async run(collectionId: string): Promise<void> {
      const row = await store.findCollectionById(db, collectionId);
      if (!row || row.deployStatus !== 'success' || !row.contractAddress) return;
      const targets = await outOfStep(row);
      if (targets.length === 0) return;
      const owner = ctx.chains.signers.find((s) => s.address === row.deployerAddress);
      if (!owner) throw new Error(`The owner ${row.deployerAddress} of collection ${row.id} is not one of this server's platform signers.`);
      const ids = await db.transaction(async (tx) => {
        const locked = await store.lockCollection(tx, row.id);
        if (!locked) return [];
        const inFlight = (await chainTransactions.listFor(row.id, SET_LIMIT, tx)).filter((t) => t.status === 'signed' || t.status === 'sent');
        const recorded = [];
        for (const target of targets) {
          if (inFlight.some((t) => t.details.tokenId === (target.tokenId ?? '') && t.details.limit === target.limit.toString())) continue;
          recorded.push(
            await chainTransactions.record(tx, {
              chain: row.chain,
              slot: owner.slot,
              purpose: SET_LIMIT,
              subjectId: row.id,
              details: { tokenId: target.tokenId ?? '', limit: target.limit.toString() },
              sign: (client, nonce) =>
                target.tokenId === undefined
                  ? signSetSupplyLimit(client, { contractType: 'erc-721', contract: row.contractAddress as Address, limit: target.limit, nonce })
                  : signSetSupplyLimit(client, {
                      contractType: 'erc-1155',
                      contract: row.contractAddress as Address,
                      tokenId: BigInt(target.tokenId),
                      limit: target.limit,
                      nonce,
                    }),
            }),
          );
        }
        return [...inFlight, ...recorded].map((t) => t.id);
      });
      const settled = await chainTransactions.waitFor(ids);
      for (const t of settled.filter((s) => s.status === 'reverted')) {
        ctx.log.warn({ collectionId: row.id, hash: t.hash, details: t.details }, 'setting a supply limit reverted');
      }
    },
  };
}
