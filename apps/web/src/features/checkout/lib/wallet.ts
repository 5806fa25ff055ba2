// Paying from a browser wallet through its injected EIP-1193 provider (window.ethereum), with plain JSON-RPC calls:
// connect, switch to the order's chain (adding it when the wallet does not know it), then send the prepared
// transactions in order, each after the one before is mined (the payment spends the approval).
import type { HostedSale, PreparedTransaction } from '../types/checkout';

export type Eip1193Provider = { request(args: { method: string; params?: unknown[] }): Promise<unknown> };

/** EIP-1193 / EIP-3085: the wallet does not know the chain. */
const unknownChainCode = 4902;
const receiptPollMs = 500;
const receiptTimeoutMs = 120_000;

/** The injected provider, or undefined when the browser has no wallet. */
export function injectedProvider(): Eip1193Provider | undefined {
  const candidate = (window as unknown as { ethereum?: Eip1193Provider }).ethereum;
  return candidate && typeof candidate.request === 'function' ? candidate : undefined;
}

/** Asks the wallet for its accounts; the first is the payer. */
export async function connectWallet(provider: Eip1193Provider): Promise<string> {
  const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
  const account = accounts[0];
  if (!account) throw new Error('The wallet shared no account.');
  return account;
}

export function toHexQuantity(value: bigint | number): string {
  return `0x${BigInt(value).toString(16)}`;
}

function errorCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

/** Switches the wallet to the chain, adding it first when the wallet does not know it. */
export async function switchChain(provider: Eip1193Provider, crypto: NonNullable<HostedSale['crypto']>): Promise<void> {
  const chainId = toHexQuantity(crypto.chainId);
  const current = (await provider.request({ method: 'eth_chainId' }).catch(() => undefined)) as string | undefined;
  if (current && BigInt(current) === BigInt(crypto.chainId)) return;
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
  } catch (error) {
    if (errorCode(error) !== unknownChainCode) throw error;
    await provider.request({
      method: 'wallet_addEthereumChain',
      params: [{ chainId, chainName: crypto.network.name, rpcUrls: crypto.network.rpcUrls, nativeCurrency: crypto.network.nativeCurrency }],
    });
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
  }
}

async function waitForReceipt(provider: Eip1193Provider, hash: string): Promise<void> {
  const deadline = Date.now() + receiptTimeoutMs;
  while (Date.now() < deadline) {
    const receipt = (await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })) as { status?: string } | null;
    if (receipt) {
      if (receipt.status === '0x0') throw new Error(`The transaction ${hash} failed on chain.`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, receiptPollMs));
  }
  throw new Error(`The transaction ${hash} was not mined in time.`);
}

/**
 * Sends the prepared transactions from the payer, in order, waiting for each to be mined; answers the hashes.
 * `onSent` reports each as it goes (approval, then payment).
 */
export async function sendPreparedTransactions(
  provider: Eip1193Provider,
  from: string,
  transactions: PreparedTransaction[],
  onSent: (purpose: PreparedTransaction['purpose'], hash: string) => void,
): Promise<string[]> {
  const hashes: string[] = [];
  for (const transaction of transactions) {
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from, to: transaction.to, data: transaction.data, value: toHexQuantity(BigInt(transaction.value)) }],
    })) as string;
    onSent(transaction.purpose, hash);
    await waitForReceipt(provider, hash);
    hashes.push(hash);
  }
  return hashes;
}

/** A wallet's refusal in words: EIP-1193 4001 is the buyer saying no. */
export function walletErrorMessage(error: unknown): string {
  if (errorCode(error) === 4001) return 'The wallet request was rejected.';
  if (error instanceof Error) return error.message;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : String(error);
}
