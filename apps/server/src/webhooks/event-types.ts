import { webhookEventTypes, type WebhookEventType } from '@keepsake/wire/console/webhooks';

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (webhookEventTypes as readonly string[]).includes(value);
}

const collectionId = '9c82ef99-617f-497d-9abb-fd355291681b';
const actionId = 'b5a2d0f1-7c4e-4e8a-9f3b-2d6c1a0e8f47';
const chain = 'devnet';
const contractAddress = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const txId = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';
const nft = {
  id: '4f3a2b1c-0d9e-4f8a-b7c6-5d4e3f2a1b0c',
  collectionId,
  chain,
  contractAddress,
  tokenId: '1',
  recipient: `email:ada@example.com:${chain}`,
  metadata: { name: 'Keepsake #1', image: 'https://example.com/1.png', description: 'An example NFT' },
};

/** An order object as the order webhooks carry it (the Orders API's shape). */
function exampleOrder(phase: string, payment: string, delivery: string): Record<string, unknown> {
  const usd = (amount: string) => ({ amount, currency: 'usd' });
  return {
    orderId: 'b9c3f1de-5a0e-4c6f-9d1a-2e7b8c4f6a01',
    phase,
    locale: 'en-US',
    lineItems: [
      {
        chain,
        quantity: 1,
        callData: { quantity: 1 },
        metadata: { name: 'Keepsake #1', description: 'An example NFT', collection: { name: 'Keepsakes' } },
        quote: { status: 'valid', charges: { unit: usd('10.00') }, totalPrice: usd('10.00') },
        delivery: {
          status: delivery,
          recipient: { locator: `email:ada@example.com:${chain}`, email: 'ada@example.com' },
          tokens: delivery === 'completed' ? [{ locator: `${chain}:${contractAddress}:1`, contractAddress, tokenId: '1' }] : [],
          ...(delivery === 'completed' ? { txId } : {}),
        },
      },
    ],
    quote: {
      status: 'valid',
      quotedAt: '2026-11-25T10:00:00.000Z',
      expiresAt: '2026-11-25T10:10:00.000Z',
      totalPrice: usd('10.00'),
      charges: { subtotal: usd('10.00'), fees: usd('0.00'), feesPayer: 'buyer' },
      devRates: true,
    },
    payment: {
      status: payment,
      method: 'card',
      currency: 'usd',
      test: true,
      ...(payment === 'completed' ? { card: { brand: 'visa', last4: '4242' }, received: usd('10.00') } : {}),
      ...(payment === 'failed' ? { failure: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' } } : {}),
      ...(delivery === 'failed' ? { refunded: usd('10.00') } : {}),
    },
  };
}

/**
 * What each webhook event type on offer means (ARCHITECTURE.md "Webhooks"), and the example `data` that a console
 * "Send test event" delivers. Publishers send the real data; the examples show its shape.
 *
 * Only events that the code publishes are offered: every `publish`/`publishMany` call names its event types
 * literally, and `event-types.test.ts` fails unless the wire's list (`webhookEventTypes` in
 * @keepsake/wire/console/webhooks) is exactly the set they name (ADR 083). To offer an event, publish it, add it to
 * that list, and describe it here with an example.
 */
export const webhookEventCatalogue: Record<WebhookEventType, { description: string; example: Record<string, unknown> }> = {
  'collections.create.succeeded': {
    description: 'A collection contract was deployed.',
    example: { actionId, collectionId, chain, contractAddress, txId },
  },
  'collections.create.failed': {
    description: 'A collection contract could not be deployed (its transaction reverted).',
    example: { actionId, collectionId, chain, error: 'The deploy transaction reverted.' },
  },
  'nfts.create.succeeded': {
    description: 'An NFT was minted on chain.',
    example: { actionId, ...nft, txId },
  },
  'nfts.create.failed': {
    description: 'A mint failed and will not be retried.',
    example: { actionId, ...nft, tokenId: null, error: 'The collection has reached its supply limit.' },
  },
  'orders.quote.created': {
    description: 'An order was created with its quote (data: the order object).',
    example: exampleOrder('quote', 'awaiting-payment', 'awaiting-payment'),
  },
  'orders.payment.succeeded': {
    description: "An order's payment was received and recorded; delivery starts (data: the order object; payment.test marks test money).",
    example: exampleOrder('delivery', 'completed', 'in-progress'),
  },
  'orders.payment.failed': {
    description: "An order's payment failed (a declined card); the buyer may try again (data: the order object, with payment.failure).",
    example: exampleOrder('payment', 'failed', 'awaiting-payment'),
  },
  'orders.delivery.initiated': {
    description: "An order's NFTs were handed to minting (data: the order object).",
    example: exampleOrder('delivery', 'completed', 'in-progress'),
  },
  'orders.delivery.completed': {
    description: "Every NFT of an order was delivered (data: the order object, with each line's tokens).",
    example: exampleOrder('completed', 'completed', 'completed'),
  },
  'orders.delivery.failed': {
    description: "Some of an order's NFTs could not be delivered; the buyer is refunded for them (data: the order object).",
    example: exampleOrder('completed', 'completed', 'failed'),
  },
};
