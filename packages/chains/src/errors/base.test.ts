import { describe, expect, it } from 'vitest';
import { ChainsError } from './base.ts';
import { ChainNotConfiguredError } from './chain.ts';
import { DevnetStartError } from './devnet.ts';
import { SupplyLimitExceededError } from './contract.ts';

describe('ChainsError', () => {
  it('builds its message from the short message, meta messages and details', () => {
    const error = new ChainNotConfiguredError('base', 'CHAIN_BASE_RPC_URL');
    expect(error.shortMessage).toBe('The chain "base" is not configured.');
    expect(error.message).toBe('The chain "base" is not configured.\n\nSet CHAIN_BASE_RPC_URL to an RPC URL for it.');
    expect(error.name).toBe('ChainNotConfiguredError');
    expect(error).toBeInstanceOf(ChainsError);
  });

  it("takes the cause's message as details and walks the chain of causes", () => {
    const root = new Error('execution reverted');
    const error = new SupplyLimitExceededError(new ChainsError('middle', { cause: root }));
    expect(error.details).toBe('execution reverted');
    expect(error.message).toContain('Details: execution reverted');
    expect(error.walk()).toBe(root);
    expect(error.walk((e) => e instanceof ChainsError && e.shortMessage === 'middle')).toBe(error.cause);
    expect(error.walk((e) => e === 'nothing')).toBeNull();
  });

  it('keeps the last lines of a failed process as details', () => {
    const output = Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n');
    const error = new DevnetStartError('anvil exited with 1', output);
    expect(error.details.split('\n')).toHaveLength(15);
    expect(error.details).toMatch(/^line 15\n[\s\S]*line 29$/);
  });
});
