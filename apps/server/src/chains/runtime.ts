// The chains a Keepsake process talks to, started by platform/boot.ts and kept in the AppContext:
// the embedded devnet (unless CHAIN_DEVNET_RPC_URL is set or KEEPSAKE_DEVNET=false), every chain with a
// configured RPC URL, viem clients for reading and for each platform signer, and chain health.
// On the devnet, start-up funds the platform signers and deploys the test stablecoin (recorded in
// platform_contracts, redeployed if the devnet lost it).
import { createServer } from 'node:net';
import type { Database } from '@keepsake/db/client';
import { fundAccount } from '@keepsake/chains/actions/fund-account';
import { deployPayments } from '@keepsake/chains/actions/deploy-payments';
import { deployTestUsd } from '@keepsake/chains/actions/deploy-test-usd';
import { installFarcasterRegistries } from '@keepsake/chains/actions/farcaster-devnet';
import { getDeployedContract } from '@keepsake/chains/actions/get-deployed-contract';
import { createReadClient, createSignerClient, type ChainSignerClient } from '@keepsake/chains/clients';
import type { ChainEndpoint } from '@keepsake/chains/config';
import { devnet as devnetDefinition, devnetChainId } from '@keepsake/chains/definitions/devnet';
import { startDevnet, type Devnet } from '@keepsake/chains/devnet';
import { ChainIdMismatchError, ChainNotConfiguredError, UnknownChainError } from '@keepsake/chains/errors/chain';
import { isEvmChain, type EvmBlockchain } from '@keepsake/chains/blockchains';
import { chainEnvPrefix } from '@keepsake/chains/config';
import type { EvmChainDefinition } from '@keepsake/chains/definitions/define-evm-chain';
import type { Logger } from 'pino';
import { getAddress, parseEther, type Address, type Chain, type Hash, type PublicClient, type Transport } from 'viem';
import type { Config } from '../config.ts';
import { ensurePlatformSigners, type PlatformSigner } from './signers.ts';
import { findPlatformContract, savePlatformContract } from './store.ts';

/** What the devnet gives every platform signer at start-up. */
export const devnetSignerBalance = parseEther('10000');

export type ChainConnection = {
  chain: EvmBlockchain;
  definition: EvmChainDefinition;
  chainId: number;
  rpcUrl: string;
  explorerUrl: string | undefined;
  /** `embedded`: the devnet this process started; `rpc`: a configured endpoint. */
  source: 'embedded' | 'rpc';
  /** Reads, and waits for receipts. */
  client: PublicClient<Transport, Chain>;
  /** A client that signs as platform signer `slot` (0 … KEEPSAKE_SIGNER_COUNT-1). */
  signer(slot: number): ChainSignerClient;
  /**
   * The KeepsakePayments contract crypto checkout uses on this chain (ADR 106): `<prefix>_PAYMENTS_CONTRACT`, or
   * on the devnet the one start-up deploys. Undefined: the chain takes no crypto payments.
   */
  paymentsContract: Address | undefined;
};

export type ChainHealth = { chain: string; chainId: number; source: 'embedded' | 'rpc'; status: 'ok' | 'unreachable'; latestBlock: number | null };

export type ChainRuntime = {
  connections: ChainConnection[];
  /** The connection for an API chain name. Throws UnknownChainError or ChainNotConfiguredError. */
  get(chain: string): ChainConnection;
  signers: PlatformSigner[];
  /** The devnet's RPC URL, test stablecoin and payment contract, when this process has a devnet. */
  devnet: { rpcUrl: string; embedded: boolean; stablecoin: Address; payments: Address } | undefined;
  health(): Promise<ChainHealth[]>;
  stop(): Promise<void>;
};

/** A runtime with no chain (the CLI, and tests that do not ask for one). */
export function noChains(): ChainRuntime {
  return {
    connections: [],
    get(chain) {
      if (!isEvmChain(chain)) throw new UnknownChainError(chain);
      throw new ChainNotConfiguredError(chain, `${chainEnvPrefix(chain)}_RPC_URL`);
    },
    signers: [],
    devnet: undefined,
    health: async () => [],
    stop: async () => {},
  };
}

function connect(endpoint: Omit<ChainEndpoint, 'rpcUrl'> & { rpcUrl: string }, source: ChainConnection['source'], signers: PlatformSigner[]): ChainConnection {
  const paymentsContract = endpoint.paymentsContract ? getAddress(endpoint.paymentsContract) : undefined;
  const options = { chainId: endpoint.chainId };
  const client = createReadClient(endpoint.definition, endpoint.rpcUrl, options);
  const signerClients = new Map<number, ChainSignerClient>();
  return {
    chain: endpoint.chain,
    definition: endpoint.definition,
    chainId: endpoint.chainId,
    rpcUrl: endpoint.rpcUrl,
    explorerUrl: endpoint.explorerUrl,
    source,
    client,
    paymentsContract,
    signer(slot) {
      const signer = signers[slot];
      if (!signer) throw new RangeError(`No platform signer ${slot} (KEEPSAKE_SIGNER_COUNT is ${signers.length})`);
      let wallet = signerClients.get(slot);
      if (!wallet) {
        wallet = createSignerClient(endpoint.definition, endpoint.rpcUrl, signer.account, options);
        signerClients.set(slot, wallet);
      }
      return wallet;
    },
  };
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

const platformContractLabels = {
  'test-stablecoin': 'the test stablecoin (USDXM, 6 decimals)',
  payments: 'the checkout payment contract (KeepsakePayments)',
} as const;

/** The recorded platform contract if the devnet still has its code; otherwise deployed (again) by signer 0 and recorded. */
async function ensureDevnetContract(
  db: Database,
  connection: ChainConnection,
  name: keyof typeof platformContractLabels,
  deploy: (deployer: ChainSignerClient) => Promise<Hash>,
  log: Logger,
): Promise<Address> {
  const recorded = await findPlatformContract(db, connection.chain, name);
  if (recorded) {
    const code = await connection.client.getCode({ address: recorded.address as Address });
    if (code && code !== '0x') return getAddress(recorded.address);
    log.warn({ address: recorded.address }, `the devnet no longer has ${platformContractLabels[name]} (its state was reset): deploying it again`);
  }
  const hash = await deploy(connection.signer(0));
  const address = getAddress((await getDeployedContract(connection.client, { hash })).address);
  await savePlatformContract(db, { chain: connection.chain, name, address, transactionHash: hash });
  log.info({ address }, `deployed ${platformContractLabels[name]} on the devnet`);
  return address;
}

/**
 * Funds the signers and makes sure the test stablecoin and the payment contract exist on the devnet (signer 0 owns
 * both: it mints USDXM for the faucet, and releases and refunds payments), and that Farcaster's registries have their
 * stand-ins at Farcaster's addresses (Sign In With Farcaster on the devnet, docs/decisions/108).
 */
async function prepareDevnet(
  db: Database,
  connection: ChainConnection,
  signers: PlatformSigner[],
  log: Logger,
): Promise<{ stablecoin: Address; payments: Address }> {
  await Promise.all(signers.map((signer) => fundAccount(connection.client, { address: signer.address, balance: devnetSignerBalance })));
  const farcaster = await installFarcasterRegistries(connection.client);
  if (farcaster.installed.length > 0) log.info({ addresses: farcaster.installed }, "put the stand-ins of Farcaster's registries on the devnet");
  const stablecoin = await ensureDevnetContract(
    db,
    connection,
    'test-stablecoin',
    (deployer) => deployTestUsd(deployer, { owner: deployer.account.address }),
    log,
  );
  const payments =
    connection.paymentsContract ??
    (await ensureDevnetContract(db, connection, 'payments', (deployer) => deployPayments(deployer, { operator: deployer.account.address }), log));
  connection.paymentsContract = payments;
  return { stablecoin, payments };
}

/**
 * Starts the embedded devnet if the configuration has one (a throwaway one on a free port for tests).
 * Boot calls this before opening the database so that anvil starts while the database opens.
 */
export async function launchEmbeddedDevnet(config: Config, log: Logger, options: { ephemeralDevnet?: boolean } = {}): Promise<Devnet | undefined> {
  const embedded = config.chains.embeddedDevnet;
  if (!embedded) return undefined;
  // No base fee (ADR 074): Keepsake alone fills the devnet's blocks, so under EIP-1559 its fee would rise ~12% a
  // block for as long as minting goes on, until the signers cannot pay for a batch.
  const chain = { blockTimeSeconds: embedded.blockTimeSeconds, baseFeePerGas: 0n };
  if (options.ephemeralDevnet) return startDevnet({ ephemeral: true, ...chain });
  let port = embedded.port;
  if (port !== 0 && !(await portIsFree(port))) {
    log.warn(`port ${port} is taken (another devnet?): the devnet listens on a free port instead; set KEEPSAKE_DEVNET_PORT to choose one`);
    port = 0;
  }
  const devnet = await startDevnet({ stateDir: embedded.stateDir, port, ...chain });
  log.info({ rpcUrl: devnet.rpcUrl, ms: Math.round(devnet.startedInMs) }, 'local devnet started');
  return devnet;
}

/**
 * Connects to the embedded devnet (already launched by `launchEmbeddedDevnet`) and every configured chain,
 * and prepares the platform signers. Owns `devnetProcess` from here on: stops it on failure and in `stop()`.
 */
export async function startChains(config: Config, db: Database, masterKey: Buffer, log: Logger, devnetProcess: Devnet | undefined): Promise<ChainRuntime> {
  const connections: ChainConnection[] = [];
  try {
    const signers = await ensurePlatformSigners(db, masterKey, config.chains.signerCount);
    if (devnetProcess) {
      connections.push(
        connect(
          { chain: 'devnet', definition: devnetDefinition, chainId: devnetChainId, rpcUrl: devnetProcess.rpcUrl, explorerUrl: undefined },
          'embedded',
          signers,
        ),
      );
    }
    for (const endpoint of config.chains.endpoints) {
      const connection = connect({ ...endpoint, rpcUrl: endpoint.rpcUrl! }, 'rpc', signers);
      try {
        const actual = await withTimeout(connection.client.getChainId(), 5_000);
        if (actual !== endpoint.chainId) throw new ChainIdMismatchError(endpoint.chain, endpoint.chainId, actual);
      } catch (error) {
        if (error instanceof ChainIdMismatchError) throw error;
        log.warn({ chain: endpoint.chain, err: error }, 'chain RPC did not answer at start-up; /api/health reports it');
      }
      connections.push(connection);
    }
    const devnetConnection = connections.find((c) => c.chain === 'devnet');
    const prepared = devnetConnection ? await prepareDevnet(db, devnetConnection, signers, log) : undefined;
    const byName = new Map(connections.map((c) => [c.chain as string, c]));
    const none = noChains();
    return {
      connections,
      get(chain) {
        return byName.get(chain) ?? none.get(chain);
      },
      signers,
      devnet: devnetConnection && prepared ? { rpcUrl: devnetConnection.rpcUrl, embedded: devnetConnection.source === 'embedded', ...prepared } : undefined,
      async health() {
        return Promise.all(
          connections.map(async (c): Promise<ChainHealth> => {
            try {
              const block = await withTimeout(c.client.getBlockNumber({ cacheTime: 0 }), 2_000);
              return { chain: c.chain, chainId: c.chainId, source: c.source, status: 'ok', latestBlock: Number(block) };
            } catch {
              return { chain: c.chain, chainId: c.chainId, source: c.source, status: 'unreachable', latestBlock: null };
            }
          }),
        );
      },
      async stop() {
        await devnetProcess?.stop();
      },
    };
  } catch (error) {
    await devnetProcess?.stop();
    throw error;
  }
}
