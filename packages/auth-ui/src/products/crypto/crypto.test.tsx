// The crypto product through mountLogin (spec §2 Main wallet rules, §4 "Crypto", §8): wallets found among
// injected providers, the slot rule with OAuth, Connect → Sign Message → Confirmation for an Ethereum and a
// Solana wallet, every failure to Crypto Error, and the other-wallet and setup screens.
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StytchUIClient, type StytchEvent, type StytchLoginConfig } from '../../index.ts';
import { clearPage, pageElement, publicToken, stubNetwork } from '../../testing.ts';
import { base58 } from './base58.ts';

const ETH_ADDRESS = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const SOL_ADDRESS = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
const injectedKeys = ['ethereum', 'solana', 'phantom', 'vessel', 'BinanceChain', 'coinbaseWalletExtension'];

afterEach(() => {
  clearPage();
  for (const key of injectedKeys) delete (window as unknown as Record<string, unknown>)[key];
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** MetaMask on window.ethereum and Phantom on window.solana, as the extensions inject them. */
function injectMetamaskAndPhantom() {
  const ethereum = {
    isMetaMask: true,
    request: vi.fn(async ({ method }: { method: string; params?: unknown[] }): Promise<unknown> => {
      if (method === 'eth_requestAccounts') return [ETH_ADDRESS];
      if (method === 'personal_sign') return '0xsigned';
      throw new Error(`unsupported ${method}`);
    }),
  };
  const signatureBytes = Uint8Array.from([0, 1, 2, 250, 251, 252]);
  const solana = {
    isPhantom: true,
    connect: vi.fn(async () => ({ publicKey: { toString: () => SOL_ADDRESS } })),
    signMessage: vi.fn(async (_message: Uint8Array, _encoding?: string) => ({ signature: signatureBytes })),
  };
  Object.assign(window, { ethereum, solana });
  return { ethereum, solana, signatureBytes };
}

const evmProvider = () => ({ request: vi.fn(async () => []) });

/** The five named wallets at once (MetaMask on window.ethereum, so the generic Ethereum wallet is there too). */
function injectNamedWallets() {
  Object.assign(window, {
    phantom: { solana: { isPhantom: true, connect: vi.fn(), signMessage: vi.fn() } },
    vessel: evmProvider(),
    BinanceChain: evmProvider(),
    coinbaseWalletExtension: evmProvider(),
    ethereum: { ...evmProvider(), isMetaMask: true },
  });
}

function mount(config: StytchLoginConfig = { products: ['crypto'] }) {
  stubNetwork();
  const client = new StytchUIClient(publicToken(), { endpoint: 'http://localhost:9999', telemetry: false });
  const start = vi.spyOn(client.cryptoWallets, 'authenticateStart').mockResolvedValue({ challenge: 'Sign in to Keepsake: nonce 42' } as never);
  const authenticate = vi.spyOn(client.cryptoWallets, 'authenticate').mockResolvedValue({ status_code: 200, session_token: 't' } as never);
  const events: StytchEvent[] = [];
  const onError = vi.fn();
  pageElement();
  client.mountLogin({ elementId: '#login', config, callbacks: { onEvent: (event) => events.push(event), onError } });
  return { client, start, authenticate, events, onError };
}

const buttonNames = (root: HTMLElement = document.body) =>
  within(root)
    .queryAllByRole('button')
    .map((button) => button.getAttribute('aria-label') ?? button.textContent);

describe('wallets on the Main screen (spec §2)', () => {
  it('offers the wallets found on the page, "Other wallets" and "Set up a new crypto wallet"', () => {
    injectMetamaskAndPhantom();
    mount();
    expect(buttonNames()).toEqual(['Continue with Phantom', 'Continue with Metamask', 'Other wallets', 'Set up a new crypto wallet']);
  });

  it('offers only "Set up a new crypto wallet" when the browser has no wallet', () => {
    mount();
    expect(buttonNames()).toEqual(['Set up a new crypto wallet']);
  });

  it('fills 6 − OAuth providers − 1 slots; the other wallets (and the generic ones) are on Crypto Other Screen', async () => {
    injectNamedWallets();
    const providers = [{ type: 'google' }, { type: 'github' }];
    const { client } = mount({ products: ['oauth', 'crypto'], oauthOptions: { providers } });
    const walletNames = /^Continue with (Phantom|Vessel|Binance|Coinbase|Metamask)$/;
    const wallets = () => buttonNames().filter((name) => walletNames.test(name ?? ''));
    expect(wallets()).toEqual(['Continue with Phantom', 'Continue with Vessel', 'Continue with Binance']);
    fireEvent.click(screen.getByRole('button', { name: 'Other wallets' }));
    await screen.findByRole('heading', { name: 'Other wallets' });
    expect(buttonNames()).toEqual([
      'Back',
      'Continue with Coinbase',
      'Continue with Metamask',
      'Continue with Ethereum wallet',
      'Continue with Solana wallet',
      'Set up a new crypto wallet',
    ]);

    // Without OAuth all five named wallets fit; with five providers none does.
    client.mountLogin({ elementId: '#login', config: { products: ['crypto'] } });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(wallets()).toHaveLength(5));
    const five = ['google', 'github', 'apple', 'microsoft', 'discord'].map((type) => ({ type }));
    client.mountLogin({ elementId: '#login', config: { products: ['oauth', 'crypto'], oauthOptions: { providers: five } } });
    await waitFor(() => expect(wallets()).toEqual([]));
    expect(screen.getByRole('button', { name: 'Other wallets' })).toBeTruthy();
  });
});

describe('Crypto flow (spec §4 "Crypto")', () => {
  it('Ethereum: Connect (eth_requestAccounts, the challenge) → Sign Message (personal_sign) → Crypto Confirmation', async () => {
    const { ethereum } = injectMetamaskAndPhantom();
    let sign!: (value: string) => void;
    ethereum.request.mockImplementation(async ({ method }) =>
      method === 'eth_requestAccounts' ? [ETH_ADDRESS] : new Promise<string>((resolve) => (sign = resolve)),
    );
    const { start, authenticate, events, onError } = mount({ products: ['crypto'], sessionOptions: { sessionDurationMinutes: 45 } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Metamask' }));
    await screen.findByRole('heading', { name: 'Sign the message' });
    expect(screen.getByText('Sign the message in Metamask to prove that the wallet is yours. Signing costs nothing.')).toBeTruthy();
    expect(start).toHaveBeenCalledWith({ crypto_wallet_address: ETH_ADDRESS, crypto_wallet_type: 'ethereum' });
    const hexChallenge = `0x${Buffer.from('Sign in to Keepsake: nonce 42').toString('hex')}`;
    await waitFor(() => expect(ethereum.request).toHaveBeenCalledTimes(2));
    expect(ethereum.request).toHaveBeenLastCalledWith({ method: 'personal_sign', params: [hexChallenge, ETH_ADDRESS] });
    expect(authenticate).not.toHaveBeenCalled();

    sign('0xsignature');
    await screen.findByRole('heading', { name: 'Success' });
    expect(screen.getByText('Your wallet has been successfully verified.')).toBeTruthy();
    expect(authenticate).toHaveBeenCalledWith({
      crypto_wallet_address: ETH_ADDRESS,
      crypto_wallet_type: 'ethereum',
      signature: '0xsignature',
      session_duration_minutes: 45,
    });
    await waitFor(() =>
      expect(events.map((event) => event.type)).toEqual(['CRYPTO_WALLET_AUTHENTICATE_START', 'CRYPTO_WALLET_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']),
    );
    expect(onError).not.toHaveBeenCalled();
  });

  it('shows Crypto Connect while the wallet is asked to connect', async () => {
    const { ethereum } = injectMetamaskAndPhantom();
    ethereum.request.mockReturnValue(new Promise(() => {}));
    mount();
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Metamask' }));
    expect(await screen.findByRole('heading', { name: 'Connect Metamask' })).toBeTruthy();
    expect(screen.getByText('Approve the connection request in your wallet.')).toBeTruthy();
    expect(screen.getByText('Waiting for your wallet')).toBeTruthy();
    await waitFor(() => expect(ethereum.request).toHaveBeenCalledWith({ method: 'eth_requestAccounts' }));
  });

  it('Solana: connect (the public key), signMessage of the challenge bytes, the signature in base58', async () => {
    const { solana, signatureBytes } = injectMetamaskAndPhantom();
    const { start, authenticate } = mount();
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Phantom' }));
    await screen.findByRole('heading', { name: 'Success' });
    expect(start).toHaveBeenCalledWith({ crypto_wallet_address: SOL_ADDRESS, crypto_wallet_type: 'solana' });
    expect(new TextDecoder().decode(solana.signMessage.mock.calls[0]![0])).toBe('Sign in to Keepsake: nonce 42');
    expect(authenticate).toHaveBeenCalledWith(
      expect.objectContaining({ crypto_wallet_address: SOL_ADDRESS, crypto_wallet_type: 'solana', signature: base58(signatureBytes) }),
    );
  });

  it('a wallet that refuses to connect: Crypto Error, "Could not connect to wallet" to onError; the back arrow returns to Main', async () => {
    const { ethereum } = injectMetamaskAndPhantom();
    ethereum.request.mockRejectedValue(Object.assign(new Error('User rejected the request.'), { code: 4001 }));
    const { start, onError } = mount();
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Metamask' }));
    await screen.findByRole('heading', { name: 'Looks like there was an error!' });
    expect(screen.getByText('Your sign in request could not be completed. Use the back arrow to return to the log in screen and try again!')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'Could not connect to wallet' }));
    expect(start).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'Continue with Metamask' })).toBeTruthy();
  });

  it('a wallet that refuses to sign: Crypto Error, "Could not sign message" to onError, nothing authenticated', async () => {
    const { solana } = injectMetamaskAndPhantom();
    solana.signMessage.mockRejectedValue(new Error('User rejected the request.'));
    const { authenticate, onError } = mount();
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Phantom' }));
    await screen.findByRole('heading', { name: 'Looks like there was an error!' });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'Could not sign message' }));
    expect(authenticate).not.toHaveBeenCalled();
  });

  it("a server error (the challenge, or the sign-in) shows the server's error_message on Crypto Error", async () => {
    injectMetamaskAndPhantom();
    const { start, authenticate, onError } = mount();
    start.mockRejectedValueOnce(Object.assign(new Error('[400]'), { error_message: 'crypto_wallet_address is not a valid Ethereum address.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Metamask' }));
    expect((await screen.findByRole('alert')).textContent).toBe('crypto_wallet_address is not a valid Ethereum address.');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'crypto_wallet_address is not a valid Ethereum address.' }));

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    authenticate.mockRejectedValueOnce(Object.assign(new Error('[404]'), { error_message: 'The challenge could not be found.' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Metamask' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The challenge could not be found.');
    expect(screen.getByRole('heading', { name: 'Looks like there was an error!' })).toBeTruthy();
  });

  it('leaving Crypto Connect with the back arrow: the late answer changes nothing', async () => {
    const { ethereum } = injectMetamaskAndPhantom();
    let connect!: (accounts: string[]) => void;
    ethereum.request.mockImplementation(() => new Promise((resolve) => (connect = resolve)));
    const { start } = mount();
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Metamask' }));
    await screen.findByRole('heading', { name: 'Connect Metamask' });
    await waitFor(() => expect(ethereum.request).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('button', { name: 'Continue with Metamask' });
    connect([ETH_ADDRESS]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(start).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Continue with Metamask' })).toBeTruthy();
  });
});

describe('Crypto Setup Wallet and Crypto Other Screen', () => {
  it('"Set up a new crypto wallet" lists where to get a wallet, opening in a new tab', async () => {
    mount();
    fireEvent.click(screen.getByRole('button', { name: 'Set up a new crypto wallet' }));
    await screen.findByRole('heading', { name: 'Set up a new crypto wallet' });
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Get Phantom', 'Get Binance', 'Get Coinbase', 'Get Metamask']);
    expect(links.every((link) => link.getAttribute('target') === '_blank' && link.getAttribute('rel')?.includes('noopener'))).toBe(true);
    expect(screen.getByRole('link', { name: 'Get Metamask' }).getAttribute('href')).toBe('https://metamask.io/download/');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
  });

  it('a generic wallet from Crypto Other Screen signs in through the injected provider', async () => {
    const ethereum = { request: vi.fn(async ({ method }: { method: string }) => (method === 'eth_requestAccounts' ? [ETH_ADDRESS] : '0xgeneric')) };
    Object.assign(window, { ethereum });
    const { authenticate } = mount();
    expect(buttonNames()).toEqual(['Other wallets', 'Set up a new crypto wallet']);
    fireEvent.click(screen.getByRole('button', { name: 'Other wallets' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Ethereum wallet' }));
    await screen.findByRole('heading', { name: 'Success' });
    expect(authenticate).toHaveBeenCalledWith(expect.objectContaining({ crypto_wallet_type: 'ethereum', signature: '0xgeneric' }));
  });
});

describe('wallet icons (spec §3 wallet list)', () => {
  /** The icon in `control`: its drawing, when it has exactly one, hidden from assistive technology. */
  const iconOf = (control: HTMLElement) => {
    const icons = control.querySelectorAll('svg.ks-wallet-icon');
    expect(icons).toHaveLength(1);
    expect(icons[0]!.getAttribute('aria-hidden')).toBe('true');
    return icons[0]!.querySelector('path')!.getAttribute('d');
  };

  it('every wallet button has its own icon beside the name, which alone names the button', async () => {
    injectNamedWallets();
    // Five OAuth providers leave Main no wallet slot: all seven wallets are on Crypto Other Screen.
    const providers = ['google', 'github', 'apple', 'microsoft', 'discord'].map((type) => ({ type }));
    mount({ products: ['oauth', 'crypto'], oauthOptions: { providers } });
    fireEvent.click(screen.getByRole('button', { name: 'Other wallets' }));
    await screen.findByRole('heading', { name: 'Other wallets' });
    const names = ['Phantom', 'Vessel', 'Binance', 'Coinbase', 'Metamask', 'Ethereum wallet', 'Solana wallet'];
    const drawings = names.map((name) => {
      const button = screen.getByRole('button', { name: `Continue with ${name}` });
      expect(button.textContent).toBe(`Continue with ${name}`);
      return iconOf(button);
    });
    expect(new Set(drawings).size).toBe(names.length);
  });

  it('each "Get {wallet}" link of Crypto Setup Wallet has the wallet\'s icon', async () => {
    mount();
    fireEvent.click(screen.getByRole('button', { name: 'Set up a new crypto wallet' }));
    await screen.findByRole('heading', { name: 'Set up a new crypto wallet' });
    for (const link of screen.getAllByRole('link')) expect(iconOf(link)).toBeTruthy();
  });
});
