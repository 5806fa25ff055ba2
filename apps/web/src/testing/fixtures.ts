import type { WebhookEndpoint } from '../features/webhooks/types/webhook';

/** A webhook endpoint as the console API lists it; tests override what they are about. */
export function webhookEndpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: 'e1',
    url: 'https://hooks.example.com/in',
    description: '',
    eventTypes: ['nfts.create.succeeded'],
    enabled: true,
    previousSecretExpiresAt: null,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}
