import { Webhook, WebhookVerificationError } from 'svix';
import { describe, expect, it } from 'vitest';
import { generateWebhookSecret, signWebhook, webhookSignatureHeaders } from './signing.ts';

const now = () => Math.floor(Date.now() / 1000);

describe('webhook signing', () => {
  it('generates whsec_ secrets of 32 random bytes', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(secret);
  });

  it('signs exactly as the svix package verifies, on both header families', () => {
    const secret = generateWebhookSecret();
    const body = JSON.stringify({ type: 'nfts.create.succeeded', data: { tokenId: '1', name: 'Ünïcode ✓' }, timestamp: new Date().toISOString() });
    const headers = webhookSignatureHeaders({ messageId: 'msg_0123', timestampSeconds: now(), body, secrets: [secret] });
    // svix 2 returns nothing and throws WebhookVerificationError on a bad signature.
    expect(() => new Webhook(secret).verify(body, headers)).not.toThrow();
    const standard = {
      'webhook-id': headers['webhook-id']!,
      'webhook-timestamp': headers['webhook-timestamp']!,
      'webhook-signature': headers['webhook-signature']!,
    };
    expect(() => new Webhook(secret).verify(body, standard)).not.toThrow();
  });

  it('matches a known Standard Webhooks test vector', () => {
    // From the Standard Webhooks specification's examples.
    const signature = signWebhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}');
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('lists one signature per secret during a rotation; either secret verifies', () => {
    const [oldSecret, newSecret] = [generateWebhookSecret(), generateWebhookSecret()];
    const body = '{"type":"test"}';
    const headers = webhookSignatureHeaders({ messageId: 'msg_1', timestampSeconds: now(), body, secrets: [newSecret, oldSecret] });
    expect(headers['svix-signature']!.split(' ')).toHaveLength(2);
    expect(() => new Webhook(oldSecret).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(newSecret).verify(body, headers)).not.toThrow();
  });

  it('fails verification for another secret, a changed body, id or timestamp', () => {
    const secret = generateWebhookSecret();
    const body = '{"a":1}';
    const headers = webhookSignatureHeaders({ messageId: 'msg_2', timestampSeconds: now(), body, secrets: [secret] });
    const verify = (s: string, b: string, h: Record<string, string>) => () => new Webhook(s).verify(b, h);
    expect(verify(generateWebhookSecret(), body, headers)).toThrow(WebhookVerificationError);
    expect(verify(secret, '{"a":2}', headers)).toThrow(WebhookVerificationError);
    expect(verify(secret, body, { ...headers, 'svix-id': 'msg_3' })).toThrow(WebhookVerificationError);
    expect(verify(secret, body, { ...headers, 'svix-timestamp': String(now() - 1) })).toThrow(WebhookVerificationError);
  });
});
