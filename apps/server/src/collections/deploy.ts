// The deploy worker (ADR 030): deploys a collection's contract with a platform signer, grants the minter role
// to every platform signer, then marks the collection deployed, completes its action and publishes
// `collections.create.succeeded`. Each step starts from what the database says and records its transactions
// before they are sent, so the job can stop anywhere (a crash, kill -9) and run again, in this process or
// another, without a second contract: a recorded transaction is only ever sent again as the same bytes.
import { signDeployCollection } from '@keepsake/chains/actions/sign-deploy-collection';
import { signGrantMinter } from '@keepsake/chains/actions/sign-grant-minter';
import type { Transaction } from '@keepsake/db/client';
import type { Address } from 'viem';
import type { ActionService } from '../actions/service.ts';
import type { ChainTransactionRow, ChainTransactionService } from '../chains/transactions.ts';
import type { AppContext } from '../context.ts';
import type { WebhookService } from '../webhooks/service.ts';
import { collectionBaseUri } from './present.ts';
import * as store from './store.ts';

const DEPLOY = 'collection.deploy';
const GRANT = 'collection.grant-minter';
/** A replaced transaction is signed again; this many times at most in one run. */
const maxRounds = 5;

/** The signer that deploys (and owns) a collection: spread over the signers by id. */
export function deployerSlot(collectionId: string, signerCount: number): number {
  return Number.parseInt(collectionId.replaceAll('-', '').slice(-8), 16) % signerCount;
}

export function createCollectionDeployer(
  ctx: AppContext,
  deps: { chainTransactions: ChainTransactionService; actions: ActionService; webhooks: WebhookService; onDeployed: (collectionId: string) => Promise<void> },
) {
  const db = ctx.db;
  const { chainTransactions } = deps;

  /** Runs `step` on the collection under its row lock, if it is still deploying. */
  async function whilePending<T>(id: string, step: (tx: Transaction, row: store.CollectionRow) => Promise<T>): Promise<T | undefined> {
    return db.transaction(async (tx) => {
      const row = await store.lockCollection(tx, id);
      if (!row || row.deployStatus !== 'pending') return undefined;
      return step(tx, row);
    });
  }

  /** Records the deploy transaction unless one that can still be mined is recorded. */
  async function recordDeploy(id: string): Promise<store.CollectionRow | undefined> {
    return whilePending(id, async (tx, row) => {
      if (row.deployTransactionId) {
        const current = await chainTransactions.find(row.deployTransactionId, tx);
        if (current && current.status !== 'replaced') return row;
      }
      const slot = deployerSlot(row.id, ctx.chains.signers.length);
      const baseUri = collectionBaseUri(ctx.config.publicUrl, row.id);
      const recorded = await chainTransactions.record(tx, {
        chain: row.chain,
        slot,
        purpose: DEPLOY,
        subjectId: row.id,
        sign: (client, nonce) =>
          row.contractType === 'erc-721'
            ? signDeployCollection(client, {
                contractType: 'erc-721',
                name: row.metadata.name,
                symbol: row.metadata.symbol ?? '',
                baseUri,
                supplyLimit: BigInt(row.supplyLimit ?? 0),
                nonce,
              })
            : signDeployCollection(client, { contractType: 'erc-1155', baseUri, nonce }),
      });
      await deps.actions.note(tx, row.actionId, { collectionId: row.id, chain: row.chain, txId: recorded.hash });
      return store.updateCollection(tx, row.id, {
        deployTransactionId: recorded.id,
        deployTxHash: recorded.hash,
        deployerAddress: recorded.signerAddress,
        deployError: null,
      });
    });
  }

  /** Records a grant of the minter role for every platform signer that has none that can still be mined. */
  async function recordGrants(id: string, contract: Address): Promise<ChainTransactionRow[]> {
    return (
      (await whilePending(id, async (tx, row) => {
        const existing = (await chainTransactions.listFor(row.id, GRANT, tx)).filter((t) => t.status !== 'replaced');
        const granted = new Set(existing.map((t) => t.details.minter));
        const deployer = ctx.chains.signers.find((s) => s.address === row.deployerAddress);
        if (!deployer) throw new Error(`The deployer ${row.deployerAddress} is not one of this server's platform signers.`);
        const recorded: ChainTransactionRow[] = [];
        for (const signer of ctx.chains.signers) {
          if (signer.address === deployer.address || granted.has(signer.address)) continue;
          recorded.push(
            await chainTransactions.record(tx, {
              chain: row.chain,
              slot: deployer.slot,
              purpose: GRANT,
              subjectId: row.id,
              details: { minter: signer.address },
              sign: (client, nonce) => signGrantMinter(client, { contract, minter: signer.address, nonce }),
            }),
          );
        }
        return [...existing, ...recorded];
      })) ?? []
    );
  }

  async function succeed(id: string) {
    const published = await whilePending(id, async (tx, row) => {
      const done = await store.updateCollection(tx, row.id, { deployStatus: 'success', deployedAt: new Date(), deployError: null });
      const data = { actionId: row.actionId, collectionId: row.id, chain: row.chain, contractAddress: row.contractAddress, txId: row.deployTxHash };
      await deps.actions.complete(tx, row.actionId, 'succeeded', data);
      await deps.webhooks.publish(tx, { projectId: row.projectId, type: 'collections.create.succeeded', data });
      return done;
    });
    if (published) {
      deps.webhooks.flush();
      ctx.log.info({ collectionId: id, contractAddress: published.contractAddress }, 'collection deployed');
      await deps.onDeployed(id);
    }
  }

  async function fail(id: string, error: string) {
    const failed = await whilePending(id, async (tx, row) => {
      await store.updateCollection(tx, row.id, { deployStatus: 'failed', deployError: error });
      const data = { actionId: row.actionId, collectionId: row.id, chain: row.chain, error, ...(row.deployTxHash ? { txId: row.deployTxHash } : {}) };
      await deps.actions.complete(tx, row.actionId, 'failed', data);
      await deps.webhooks.publish(tx, { projectId: row.projectId, type: 'collections.create.failed', data });
      return true;
    });
    if (failed) {
      deps.webhooks.flush();
      ctx.log.warn({ collectionId: id, error }, 'collection deploy failed');
    }
  }

  /** One run of the deploy, from wherever it stands. Throws on a transient failure (the job is retried). */
  async function deploy(id: string): Promise<void> {
    for (let round = 0; round < maxRounds; round++) {
      const row = await recordDeploy(id);
      if (!row?.deployTransactionId) return; // deployed or failed meanwhile
      const [deployTx] = await chainTransactions.waitFor([row.deployTransactionId]);
      if (deployTx!.status === 'replaced') continue;
      if (deployTx!.status === 'reverted') return fail(id, 'The deploy transaction reverted.');
      const contract = deployTx!.contractAddress as Address;
      if (row.contractAddress !== contract) await store.updateCollection(db, id, { contractAddress: contract });

      const grants = await recordGrants(id, contract);
      const settled = await chainTransactions.waitFor(grants.filter((t) => t.status === 'signed' || t.status === 'sent').map((t) => t.id));
      if (settled.some((t) => t.status === 'reverted')) return fail(id, 'Granting the minter role to a platform signer reverted.');
      if (settled.some((t) => t.status === 'replaced')) continue;
      return succeed(id);
    }
    throw new Error(`The deploy of collection ${id} had its transactions replaced ${maxRounds} times.`);
  }

  return {
    /** Runs the deploy; a transient failure is noted on the collection and thrown for pg-boss to retry. */
    async run(id: string): Promise<void> {
      try {
        await deploy(id);
      } catch (error) {
        const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
        await store.notePendingDeployError(db, id, `Retrying: ${message}`).catch(() => undefined);
        throw error;
      }
    },
  };
}

export type CollectionDeployer = ReturnType<typeof createCollectionDeployer>;
