import { createHmac, randomBytes } from 'node:crypto';

/** Standard Webhooks secrets: `whsec_` + base64 of the key. 32 random bytes (the standard allows 24–64). */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The HMAC key inside a `whsec_…` secret. */
function secretKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
}

/** `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`, keyed by the base64-decoded secret. */
export function signWebhook(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret)).update(`${messageId}.${timestampSeconds}.${body}`, 'utf8').digest('base64');
  return `v1,${mac}`;
}

/**
 * The headers of one delivery attempt: svix-compatible `svix-id/-timestamp/-signature` and their Standard
 * Webhooks twins `webhook-id/-timestamp/-signature`. With several secrets (during a rotation) the signature
 * header lists one signature per secret, separated by spaces; a receiver accepts any that matches its secret.
 */
export function webhookSignatureHeaders(params: { messageId: string; timestampSeconds: number; body: string; secrets: string[] }): Record<string, string> {
  const signature = params.secrets.map((secret) => signWebhook(secret, params.messageId, params.timestampSeconds, params.body)).join(' ');
  const timestamp = String(params.timestampSeconds);
  return {
    'svix-id': params.messageId,
    'svix-timestamp': timestamp,
    'svix-signature': signature,
    'webhook-id': params.messageId,
    'webhook-timestamp': timestamp,
    'webhook-signature': signature,
  };
}
