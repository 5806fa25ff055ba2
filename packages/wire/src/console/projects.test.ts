import { describe, expect, it } from 'vitest';
import { apiKeyNameSchema, createApiKeyBody, projectNameSchema } from './projects.ts';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('project and API key names (the API and the console forms)', () => {
  it('trims a name and takes 1 to 64 characters', () => {
    for (const schema of [projectNameSchema, apiKeyNameSchema]) {
      expect(schema.parse('  Demo  ')).toBe('Demo');
      expect(schema.safeParse('x'.repeat(64)).success).toBe(true);
      expect(messages(schema.safeParse('   '))).toEqual(['Name cannot be empty']);
      expect(messages(schema.safeParse('x'.repeat(65)))).toEqual(['Name must be at most 64 characters']);
    }
  });

  it('asks for at least one scope, each one on offer', () => {
    expect(messages(createApiKeyBody.safeParse({ name: 'CI', environment: 'staging', scopes: [] }))).toEqual(['Choose at least one scope']);
    expect(createApiKeyBody.safeParse({ name: 'CI', environment: 'staging', scopes: ['payouts.read'] }).success).toBe(false);
    expect(createApiKeyBody.parse({ name: ' CI ', environment: 'production', scopes: ['nfts.read'] })).toEqual({
      name: 'CI',
      environment: 'production',
      scopes: ['nfts.read'],
      type: 'server',
    });
  });

  it('makes a server key unless a client-side key is asked for', () => {
    expect(createApiKeyBody.parse({ name: 'Shop', environment: 'staging', scopes: ['orders.create'], type: 'client' }).type).toBe('client');
    expect(createApiKeyBody.safeParse({ name: 'Shop', environment: 'staging', scopes: ['orders.create'], type: 'browser' }).success).toBe(false);
  });
});
