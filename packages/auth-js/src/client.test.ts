// The unit project runs in Node: exactly where the SDK must refuse to run (spec §7).
import { describe, expect, it } from 'vitest';
import { createAuthClient } from './client.ts';
import { UsageError } from './errors.ts';

describe('createAuthClient on a server', () => {
  it('throws a usage error when there is no window', () => {
    expect(typeof window).toBe('undefined');
    let error: unknown;
    try {
      createAuthClient('public-token-test-1');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).shortMessage).toBe('Invalid call to createAuthClient');
    expect((error as UsageError).details).toContain('must not be called on the server');
  });
});
