/**
 * The webhook event types (ARCHITECTURE.md "Webhooks"), what each means, and the example `data` that a
 * console "Send test event" delivers. Publishers send the real data; the examples show its shape.
 */
export const webhookEventTypes = [
  'collections.create.succeeded',
  'collections.create.failed',
  'nfts.create.succeeded',
  'nfts.create.failed',
  'nfts.update.succeeded',
  'orders.quote.created',
  'orders.payment.succeeded',
  'orders.payment.failed',
  'orders.delivery.initiated',
  'orders.delivery.completed',
  'orders.delivery.failed',
  'wallets.transfer.in',
  'wallets.transfer.out',
] as const;

export type WebhookEventType = (typeof webhookEventTypes)[number];

const collectionId = '9c82ef99-617f-497d-9abb-fd355291681b';
const actionId = 'b5a2d0f1-7c4e-4e8a-9f3b-2d6c1a0e8f47';
const orderId = 'c0ffee00-0000-4000-8000-000000000001';
const chain = 'devnet';
const contractAddress = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const walletAddress = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
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
  'nfts.update.succeeded': {
    description: "An NFT's metadata was updated.",
    example: { actionId, ...nft },
  },
  'orders.quote.created': {
    description: 'A checkout order was quoted.',
    example: { orderId, collectionId, quote: { totalPrice: { amount: '1000', currency: 'usd' } } },
  },
  'orders.payment.succeeded': {
    description: "An order's payment went through.",
    example: { orderId, payment: { amount: '1000', currency: 'usd' } },
  },
  'orders.payment.failed': {
    description: "An order's payment was declined or failed.",
    example: { orderId, payment: { amount: '1000', currency: 'usd' }, error: 'The card was declined.' },
  },
  'orders.delivery.initiated': {
    description: "An order's NFTs are being delivered.",
    example: { orderId, recipient: `email:ada@example.com:${chain}` },
  },
  'orders.delivery.completed': {
    description: "An order's NFTs were delivered.",
    example: { orderId, recipient: `email:ada@example.com:${chain}`, txId },
  },
  'orders.delivery.failed': {
    description: "An order's delivery failed.",
    example: { orderId, recipient: `email:ada@example.com:${chain}`, error: 'The transaction reverted.' },
  },
  'wallets.transfer.in': {
    description: 'A custodial wallet received tokens.',
    example: { walletLocator: `email:ada@example.com:${chain}`, chain, from: contractAddress, to: walletAddress, txId },
  },
  'wallets.transfer.out': {
    description: 'A custodial wallet sent tokens.',
    example: { walletLocator: `email:ada@example.com:${chain}`, chain, from: walletAddress, to: contractAddress, txId },
  },
};
