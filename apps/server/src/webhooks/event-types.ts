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
};
