// The wallets of spec §3 (Phantom, Vessel, Binance, Coinbase, Metamask, generic Ethereum, generic Solana): how each
// is found among the providers the browser extensions inject, and the two wallet operations of spec §7 for each
// chain: Ethereum (EIP-1193) `eth_requestAccounts` and `personal_sign`; Solana `connect` and `signMessage`, whose
// signature the server takes in base58.
import { base58 } from './base58.ts';

/** An EIP-1193 provider (`window.ethereum` and the like). */
export type EthereumProvider = {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
  isMetaMask?: boolean;
  isCoinbaseWallet?: boolean;
  isBinance?: boolean;
  isVessel?: boolean;
  /** Several extensions at once put every provider here. */
  providers?: EthereumProvider[];
};

/** A Solana wallet as Phantom injects it (`window.phantom.solana`, `window.solana`). */
export type SolanaProvider = {
  connect(): Promise<{ publicKey: { toString(): string } }>;
  signMessage(message: Uint8Array, encoding?: string): Promise<{ signature: Uint8Array } | Uint8Array>;
  isPhantom?: boolean;
};

type Injected = {
  ethereum?: EthereumProvider;
  solana?: SolanaProvider;
  phantom?: { solana?: SolanaProvider };
  coinbaseWalletExtension?: EthereumProvider;
  BinanceChain?: EthereumProvider;
  binancew3w?: { ethereum?: EthereumProvider };
  vessel?: EthereumProvider;
};

export type Chain = 'ethereum' | 'solana';
export type WalletId = 'phantom' | 'vessel' | 'binance' | 'coinbase' | 'metamask' | 'ethereum' | 'solana';

export type Wallet = {
  id: WalletId;
  /** What 'Continue with {wallet}' says. */
  name: string;
  /** The server's `crypto_wallet_type`. */
  chain: Chain;
  /** The generic wallets (any injected Ethereum or Solana provider) are offered on the other-wallet screen only. */
  generic: boolean;
  /** Where Crypto Setup Wallet sends a user who has none. */
  installUrl?: string;
  find(injected: Injected): EthereumProvider | SolanaProvider | undefined;
};

const ethereumProviders = (injected: Injected): EthereumProvider[] => (injected.ethereum ? [...(injected.ethereum.providers ?? []), injected.ethereum] : []);
const ethereumWhere = (injected: Injected, flag: keyof EthereumProvider) => ethereumProviders(injected).find((provider) => provider[flag] === true);

/** Spec §3 order; Main shows the named wallets found on the page in this order. */
export const WALLETS: readonly Wallet[] = [
  {
    id: 'phantom',
    name: 'Phantom',
    chain: 'solana',
    generic: false,
    installUrl: 'https://phantom.com/download',
    find: (injected) => injected.phantom?.solana ?? (injected.solana?.isPhantom ? injected.solana : undefined),
  },
  {
    id: 'vessel',
    name: 'Vessel',
    chain: 'ethereum',
    generic: false,
    find: (injected) => injected.vessel ?? ethereumWhere(injected, 'isVessel'),
  },
  {
    id: 'binance',
    name: 'Binance',
    chain: 'ethereum',
    generic: false,
    installUrl: 'https://www.binance.com/en/web3wallet',
    find: (injected) => injected.binancew3w?.ethereum ?? injected.BinanceChain ?? ethereumWhere(injected, 'isBinance'),
  },
  {
    id: 'coinbase',
    name: 'Coinbase',
    chain: 'ethereum',
    generic: false,
    installUrl: 'https://www.coinbase.com/wallet/downloads',
    find: (injected) => injected.coinbaseWalletExtension ?? ethereumWhere(injected, 'isCoinbaseWallet'),
  },
  {
    id: 'metamask',
    name: 'Metamask',
    chain: 'ethereum',
    generic: false,
    installUrl: 'https://metamask.io/download/',
    // Coinbase's provider also claims isMetaMask; it is Coinbase's wallet, not MetaMask.
    find: (injected) => ethereumProviders(injected).find((provider) => provider.isMetaMask && !provider.isCoinbaseWallet),
  },
  { id: 'ethereum', name: 'Ethereum wallet', chain: 'ethereum', generic: true, find: (injected) => injected.ethereum },
  { id: 'solana', name: 'Solana wallet', chain: 'solana', generic: true, find: (injected) => injected.phantom?.solana ?? injected.solana },
];

export const walletById = (id: string): Wallet | undefined => WALLETS.find((wallet) => wallet.id === id);

const injected = (): Injected => (typeof window === 'undefined' ? {} : (window as unknown as Injected));

/** The wallets whose provider is on the page, in spec §3 order. */
export function detectWallets(): Wallet[] {
  const page = injected();
  return WALLETS.filter((wallet) => wallet.find(page) !== undefined);
}

function provider(wallet: Wallet): EthereumProvider | SolanaProvider {
  const found = wallet.find(injected());
  if (!found) throw new Error(`No ${wallet.name} provider on the page.`);
  return found;
}

/** Spec §7 connect: `eth_requestAccounts` (the first account) or Solana `connect` (the public key). */
export async function connectWallet(wallet: Wallet): Promise<string> {
  if (wallet.chain === 'solana') {
    const { publicKey } = await (provider(wallet) as SolanaProvider).connect();
    return publicKey.toString();
  }
  const accounts = await (provider(wallet) as EthereumProvider).request({ method: 'eth_requestAccounts' });
  const address: unknown = Array.isArray(accounts) ? (accounts as unknown[])[0] : undefined;
  if (typeof address !== 'string' || !address) throw new Error('The wallet answered no account.');
  return address;
}

const hex = (text: string) => `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;

/** Spec §7 sign: `personal_sign` of the challenge (hex-encoded UTF-8, as EIP-1193 wallets expect), or Solana
 * `signMessage` of its UTF-8 bytes, answered in base58. */
export async function signChallenge(wallet: Wallet, address: string, challenge: string): Promise<string> {
  if (wallet.chain === 'solana') {
    const signed = await (provider(wallet) as SolanaProvider).signMessage(new TextEncoder().encode(challenge), 'utf8');
    return base58(signed instanceof Uint8Array ? signed : signed.signature);
  }
  const signature = await (provider(wallet) as EthereumProvider).request({ method: 'personal_sign', params: [hex(challenge), address] });
  if (typeof signature !== 'string' || !signature) throw new Error('The wallet answered no signature.');
  return signature;
}
