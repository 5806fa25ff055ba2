// Delivery (issue 14 item 11, ADR 105). `start` hands each line item of a paid order to the minting pipeline,
// to the recipient's wallet (an email gets its custodial wallet), under ids derived from the order and the line:
// run twice, it names the same mints and the pipeline keeps one of each. `orders.delivery.initiated` is written
// once, with the order's `delivery_initiated_at`. `check` reads the mints; when every line reached a final
// state, one transaction records the tokens, completes the order, owes the refund of failed lines, makes the
// receipt due and publishes `orders.delivery.completed` or `orders.delivery.failed`.
import type { OrderDeliveryColumn } from '@keepsake/db/schema';
import type { CollectionService } from '../../collections/service.ts';
import type { AppContext } from '../../context.ts';
import type { NftService } from '../../nfts/service.ts';
import { DomainError, UnavailableError } from '../../platform/domain-errors.ts';
import type { WebhookService } from '../../webhooks/service.ts';
import { deliveryRecipient } from '../orders/present.ts';
import type { OrderPresenter } from '../orders/presenter.ts';
import * as store from './store.ts';

type Deps = { nfts: NftService; collections: CollectionService; webhooks: WebhookService; presenter: OrderPresenter };

/** A mint refused for good (the collection cannot mint, the recipient is wrong): the line fails; anything else is retried. */
const isFinal = (error: unknown) => error instanceof DomainError && !(error instanceof UnavailableError);

export function createDelivery(ctx: AppContext, deps: Deps) {
  const db = ctx.db;

  /** Queues the mints of one line; answers the error that fails it for good, if any. */
  async function mintLine(row: store.SettledOrderRow, index: number): Promise<string | undefined> {
    const item = row.lineItems[index]!;
    const ids = row.deliveries![index]!.nftIds;
    const recipient = deliveryRecipient(row, item)?.locator;
    // A payment can reach an order that never got a recipient (crypto sent without a quote): nothing to deliver to.
    if (!recipient) return 'The order has no recipient to deliver to.';
    try {
      const collection = await deps.collections.mintTarget(row.projectId, item.collectionId);
      if (collection.fungibility === 'semi-fungible') {
        await deps.nfts.put(row.projectId, item.collectionId, ids[0]!, { recipient, templateId: item.templateId, amount: item.quantity });
        return undefined;
      }
      const metadata = {
        name: item.metadata.name,
        description: item.metadata.description,
        ...(item.metadata.imageUrl ? { image: item.metadata.imageUrl } : {}),
      };
      for (const id of ids) await deps.nfts.put(row.projectId, item.collectionId, id, { recipient, metadata });
      return undefined;
    } catch (error) {
      if (!isFinal(error)) throw error;
      return (error as Error).message;
    }
  }

  return {
    /** Hands a paid order's line items to minting, once. Safe to run again and in two processes. */
    async start(orderId: string): Promise<void> {
      const row = await store.findOrder(db, orderId);
      if (!row || row.settledPhase !== 'delivery' || row.deliveryInitiatedAt || !row.deliveries) return;
      const failures: Array<string | undefined> = [];
      for (const index of row.lineItems.keys()) failures.push(await mintLine(row, index));
      const published = await db.transaction(async (tx) => {
        const locked = await store.lockSettlingOrder(tx, orderId);
        if (!locked || locked.deliveryInitiatedAt) return false;
        const deliveries = locked.deliveries!.map((d, i): OrderDeliveryColumn => (failures[i] ? { ...d, status: 'failed', error: failures[i] } : d));
        const updated = await store.setSettlement(tx, orderId, { deliveryInitiatedAt: new Date(), deliveries });
        await store.insertEvent(tx, {
          orderId,
          projectId: row.projectId,
          type: 'orders.delivery.initiated',
          data: { nftIds: deliveries.flatMap((d) => d.nftIds), ...(failures.some(Boolean) ? { failed: failures.filter(Boolean) } : {}) },
        });
        await deps.webhooks.publish(tx, { projectId: row.projectId, type: 'orders.delivery.initiated', data: await deps.presenter.one(tx, updated) });
        return true;
      });
      if (published) deps.webhooks.flush();
    },

    /** Completes the order once every line's mints reached a final state. */
    async check(orderId: string): Promise<void> {
      const row = await store.findOrder(db, orderId);
      if (!row || row.settledPhase !== 'delivery' || !row.deliveryInitiatedAt || !row.deliveries) return;
      const mints = new Map(
        (
          await store.mintStates(
            db,
            row.deliveries.flatMap((d) => d.nftIds),
          )
        ).map((m) => [m.id, m]),
      );
      const deliveries: OrderDeliveryColumn[] = [];
      for (const delivery of row.deliveries) {
        if (delivery.status !== 'in-progress') {
          deliveries.push(delivery);
          continue;
        }
        const states = delivery.nftIds.map((id) => mints.get(id));
        if (states.some((s) => !s || s.status === 'pending')) return; // still minting
        const failed = states.find((s) => s!.status === 'failed');
        deliveries.push(
          failed
            ? { ...delivery, status: 'failed', error: failed.error ?? 'The mint failed.' }
            : {
                ...delivery,
                status: 'completed',
                tokens: states.map((s) => ({ contractAddress: s!.contractAddress!, tokenId: s!.tokenId! })),
                ...(states[0]!.txId ? { txId: states[0]!.txId } : {}),
              },
        );
      }
      const published = await db.transaction(async (tx) => {
        const locked = await store.lockSettlingOrder(tx, orderId);
        if (!locked || locked.settledPhase !== 'delivery') return false;
        const anyFailed = deliveries.some((d) => d.status === 'failed');
        const email = locked.payment.receiptEmail ?? (locked.recipient && 'email' in locked.recipient ? locked.recipient.email : undefined);
        const updated = await store.setSettlement(tx, orderId, {
          deliveries,
          settledPhase: 'completed',
          ...(email ? { receiptStatus: 'due' } : {}),
        });
        if (anyFailed) await oweRefund(tx, locked, deliveries);
        const data = {
          delivered: deliveries.filter((d) => d.status === 'completed').flatMap((d) => d.tokens),
          failed: deliveries.flatMap((d, line) => (d.status === 'failed' ? [{ line, error: d.error }] : [])),
        };
        const event = { orderId, projectId: locked.projectId, data };
        const order = await deps.presenter.one(tx, updated);
        if (anyFailed) {
          await store.insertEvent(tx, { ...event, type: 'orders.delivery.failed' });
          await deps.webhooks.publish(tx, { projectId: locked.projectId, type: 'orders.delivery.failed', data: order });
        } else {
          await store.insertEvent(tx, { ...event, type: 'orders.delivery.completed' });
          await deps.webhooks.publish(tx, { projectId: locked.projectId, type: 'orders.delivery.completed', data: order });
        }
        return true;
      });
      if (published) deps.webhooks.flush();
    },
  };
}

/**
 * Owes the buyer the failed lines: their price, or everything received when no line was delivered. Taken from
 * the order's first payment in the quote's currency (cards and chains alike pay an order in one payment).
 */
async function oweRefund(tx: Parameters<typeof store.setRefundDue>[0], row: store.SettledOrderRow, deliveries: OrderDeliveryColumn[]) {
  const payments = (await store.paymentsOfOrder(tx, row.id)).filter((p) => p.status === 'succeeded' && p.currency === row.quote.currency);
  const payment = payments[0];
  if (!payment) return;
  const allFailed = deliveries.every((d) => d.status === 'failed');
  const failedUnits = row.lineItems.reduce((sum, item, i) => (deliveries[i]!.status === 'failed' ? sum + BigInt(item.totalUnits) : sum), 0n);
  const owed = allFailed ? BigInt(payment.amountUnits) : failedUnits < BigInt(payment.amountUnits) ? failedUnits : BigInt(payment.amountUnits);
  const reason = allFailed ? 'The NFTs could not be delivered.' : 'Some of the NFTs could not be delivered.';
  await store.setRefundDue(tx, payment.id, { amountUnits: owed.toString(), reason });
  await store.insertEvent(tx, {
    orderId: row.id,
    projectId: row.projectId,
    type: 'orders.payment.refund-due',
    data: { method: payment.method, reference: payment.reference, amountUnits: owed.toString(), reason },
  });
}
