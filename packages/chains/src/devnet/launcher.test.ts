// The devnet launcher with real anvil processes: a fresh chain per test run, and a persistent one whose
// state survives a stop and a start, guarded by a lock.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DevnetLockedError } from '../errors/devnet.ts';
import { startDevnet } from './launcher.ts';

async function rpc<T = string>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: T }).result;
}

const dir = mkdtempSync(join(tmpdir(), 'keepsake-devnet-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('startDevnet', () => {
  it('starts a fresh chain 31337 on a free port, and stops it', async () => {
    const devnet = await startDevnet({ ephemeral: true });
    console.log(`ephemeral devnet: listening ${devnet.startedInMs.toFixed(0)} ms after the call`);
    expect(devnet.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await rpc(devnet.rpcUrl, 'eth_chainId')).toBe('0x7a69');
    expect(await rpc(devnet.rpcUrl, 'eth_blockNumber')).toBe('0x0');
    expect(await rpc(devnet.rpcUrl, 'eth_accounts')).toEqual([]); // no well-known dev accounts
    expect(devnet.stateFile).toBeUndefined();
    await devnet.stop();
    await expect(rpc(devnet.rpcUrl, 'eth_chainId')).rejects.toThrow();
  });

  it('keeps the state of a persistent devnet across a stop and a start, and lets one process at a time use it', async () => {
    const holder = '0x00000000000000000000000000000000000000aa';
    const first = await startDevnet({ stateDir: dir });
    await rpc(first.rpcUrl, 'anvil_setBalance', [holder, '0x2a']);
    await rpc(first.rpcUrl, 'anvil_mine', ['0x3']);
    expect(existsSync(join(dir, 'devnet.lock'))).toBe(true);
    await first.stop();
    expect(existsSync(join(dir, 'state.json'))).toBe(true);
    expect(existsSync(join(dir, 'devnet.lock'))).toBe(false);

    const second = await startDevnet({ stateDir: dir });
    try {
      expect(await rpc(second.rpcUrl, 'eth_blockNumber')).toBe('0x3');
      expect(await rpc(second.rpcUrl, 'eth_getBalance', [holder, 'latest'])).toBe('0x2a');
    } finally {
      await second.stop();
    }
  });

  it('refuses a state directory that another live process holds', async () => {
    const locked = mkdtempSync(join(tmpdir(), 'keepsake-devnet-locked-'));
    try {
      writeFileSync(join(locked, 'devnet.lock'), JSON.stringify({ pid: 1 })); // pid 1 is always alive
      await expect(startDevnet({ stateDir: locked })).rejects.toThrow(DevnetLockedError);
      await expect(startDevnet({ stateDir: locked })).rejects.toThrow('Another process (pid 1) runs the devnet');
    } finally {
      rmSync(locked, { recursive: true, force: true });
    }
  });

  it('keeps a base fee of 0 through full blocks when asked, where by default it rises', async () => {
    const burner = '0x00000000000000000000000000000000000000bb';
    /** The base fee of the block after one whose gas a transaction burns whole (an endless loop). */
    async function baseFeeAfterFullBlock(baseFeePerGas?: bigint) {
      const devnet = await startDevnet({ ephemeral: true, gasLimit: 1_000_000n, ...(baseFeePerGas !== undefined ? { baseFeePerGas } : {}) });
      try {
        await rpc(devnet.rpcUrl, 'anvil_setBalance', [burner, '0x56bc75e2d63100000']);
        await rpc(devnet.rpcUrl, 'anvil_impersonateAccount', [burner]);
        const hash = await rpc(devnet.rpcUrl, 'eth_sendTransaction', [{ from: burner, data: '0x5b600056', gas: '0xf4240' }]); // JUMPDEST PUSH1 0 JUMP
        let receipt: { gasUsed: string } | null = null;
        while (!receipt) receipt = await rpc<{ gasUsed: string } | null>(devnet.rpcUrl, 'eth_getTransactionReceipt', [hash]);
        expect(BigInt(receipt.gasUsed)).toBe(1_000_000n); // the whole block
        return BigInt((await rpc<{ baseFeePerGas: string }>(devnet.rpcUrl, 'eth_getBlockByNumber', ['pending', false])).baseFeePerGas);
      } finally {
        await devnet.stop();
      }
    }
    expect(await baseFeeAfterFullBlock(0n)).toBe(0n);
    expect(await baseFeeAfterFullBlock()).toBeGreaterThan(1_100_000_000n); // anvil's 1 gwei, +12.5%
  });
});
