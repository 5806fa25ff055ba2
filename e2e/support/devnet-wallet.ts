// An injected EIP-1193 wallet backed by a devnet account, for paying on the hosted sales page (issue 14 item 18):
// eth_requestAccounts, eth_chainId, wallet_switchEthereumChain (the wallet starts on another chain and does not know
// the devnet until wallet_addEthereumChain), eth_sendTransaction (signed in the test process with a viem local
// account and sent to the devnet) and read calls forwarded to the devnet's RPC. The key never enters the page.
import type { Page } from '@playwright/test';
import { createWalletClient, http, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

export type DevnetWallet = { address: Address; calls: string[]; sent: Hex[] };

async function rpc(rpcUrl: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(body.error.message);
  return body.result;
}

/** Installs the wallet on the page (now and on later loads), with `ethBalance` wei of gas coin on the devnet. */
export async function injectDevnetWallet(page: Page, rpcUrl: string, options: { chainId: number; ethBalance: bigint }): Promise<DevnetWallet> {
  const account = privateKeyToAccount(generatePrivateKey());
  await rpc(rpcUrl, 'anvil_setBalance', [account.address, `0x${options.ethBalance.toString(16)}`]);
  const client = createWalletClient({ account, transport: http(rpcUrl) });
  const wallet: DevnetWallet = { address: account.address, calls: [], sent: [] };
  let knowsDevnet = false;
  let chainId = 1;
  await page.exposeFunction('testDevnetWallet', async (method: string, params: unknown[]) => {
    wallet.calls.push(method);
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return { result: [account.address] };
      case 'eth_chainId':
        return { result: `0x${chainId.toString(16)}` };
      case 'wallet_addEthereumChain':
        knowsDevnet = Number((params[0] as { chainId: string }).chainId) === options.chainId;
        return { result: null };
      case 'wallet_switchEthereumChain': {
        const wanted = Number((params[0] as { chainId: string }).chainId);
        if (wanted !== options.chainId || !knowsDevnet) return { error: { code: 4902, message: `Unrecognized chain ID ${wanted}` } };
        chainId = wanted;
        return { result: null };
      }
      case 'eth_sendTransaction': {
        if (chainId !== options.chainId) return { error: { code: 4100, message: 'The wallet is on another chain' } };
        const tx = params[0] as { from: string; to: Address; data: Hex; value?: Hex };
        if (tx.from.toLowerCase() !== account.address.toLowerCase()) return { error: { code: 4100, message: `Unknown account ${tx.from}` } };
        const hash = await client.sendTransaction({ chain: null, to: tx.to, data: tx.data, value: tx.value ? BigInt(tx.value) : 0n });
        wallet.sent.push(hash);
        return { result: hash };
      }
      default:
        return { result: await rpc(rpcUrl, method, params) };
    }
  });
  const install = () => {
    const w = window as unknown as Record<string, unknown> & {
      testDevnetWallet(method: string, params: unknown[]): Promise<{ result?: unknown; error?: { code: number; message: string } }>;
    };
    w.ethereum = {
      isMetaMask: true,
      async request({ method, params }: { method: string; params?: unknown[] }) {
        const answer = await w.testDevnetWallet(method, params ?? []);
        if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
        return answer.result;
      },
    };
  };
  await page.addInitScript(install);
  return wallet;
}
