// Injected wallets for the browser tests (issue 12 §15): an EIP-1193 provider on `window.ethereum`
// (eth_requestAccounts, personal_sign) and a Solana wallet on `window.solana` (connect, signMessage), as MetaMask and
// Phantom inject them. The keys stay in the test process: the page's wallet calls bindings that sign with a viem local
// account and an ed25519 key from @noble/curves.
import type { Page } from '@playwright/test';
import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import { hexToBytes, isHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

export type InjectedWallets = { ethereumAddress: string; solanaAddress: string; messages: string[] };

/** Installs both wallets on the page (now, and on every later load). */
export async function injectWallets(page: Page): Promise<InjectedWallets> {
  const account = privateKeyToAccount(generatePrivateKey());
  const solanaSecret = ed25519.utils.randomPrivateKey();
  const solanaAddress = base58.encode(ed25519.getPublicKey(solanaSecret));
  const messages: string[] = [];
  await page.exposeFunction('testWalletPersonalSign', async (data: string, address: string) => {
    if (address.toLowerCase() !== account.address.toLowerCase()) throw new Error(`personal_sign for an unknown account ${address}`);
    const message = isHex(data) ? new TextDecoder().decode(hexToBytes(data)) : data;
    messages.push(message);
    return account.signMessage({ message: isHex(data) ? { raw: data } : data });
  });
  await page.exposeFunction('testWalletSolanaSign', (bytes: number[]) => {
    const message = Uint8Array.from(bytes);
    messages.push(new TextDecoder().decode(message));
    return Array.from(ed25519.sign(message, solanaSecret));
  });
  const install = ([ethereumAddress, solanaAddress]: [string, string]) => {
    const w = window as unknown as Record<string, unknown> & {
      testWalletPersonalSign(data: string, address: string): Promise<string>;
      testWalletSolanaSign(bytes: number[]): Promise<number[]>;
    };
    const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    const publicKey = { toString: () => solanaAddress, toBase58: () => solanaAddress };
    w.ethereum = {
      isMetaMask: true,
      async request({ method, params }: { method: string; params?: unknown[] }) {
        if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [ethereumAddress];
        if (method === 'personal_sign') return w.testWalletPersonalSign(String(params?.[0]), String(params?.[1]));
        throw Object.assign(new Error(`The test wallet does not support ${method}`), { code: 4200 });
      },
    };
    w.solana = {
      isPhantom: true,
      publicKey: null as unknown,
      async connect() {
        (w.solana as { publicKey: unknown }).publicKey = publicKey;
        return { publicKey };
      },
      async signMessage(message: Uint8Array) {
        return { signature: Uint8Array.from(await w.testWalletSolanaSign(Array.from(message))), publicKey };
      },
    };
    /** base58 of bytes, for the page's own code (Phantom answers bytes). */
    w.testBase58 = (bytes: Uint8Array) => {
      let value = 0n;
      for (const byte of bytes) value = value * 256n + BigInt(byte);
      let text = '';
      while (value > 0n) {
        text = alphabet[Number(value % 58n)] + text;
        value /= 58n;
      }
      for (const byte of bytes) {
        if (byte !== 0) break;
        text = `1${text}`;
      }
      return text;
    };
  };
  const args: [string, string] = [account.address, solanaAddress];
  await page.addInitScript(install, args);
  await page.evaluate(install, args);
  return { ethereumAddress: account.address, solanaAddress, messages };
}

/** What the page's wallet globals look like to `page.evaluate` callbacks. */
export type WalletWindow = {
  ethereum: { request(args: { method: string; params?: unknown[] }): Promise<unknown> };
  solana: {
    connect(): Promise<{ publicKey: { toString(): string } }>;
    signMessage(message: Uint8Array, encoding?: string): Promise<{ signature: Uint8Array }>;
  };
  testBase58(bytes: Uint8Array): string;
};
