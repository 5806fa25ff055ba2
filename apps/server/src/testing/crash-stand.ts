// The stand the kill -9 tests run on: a devnet behind a JSON-RPC proxy that can hold calls, a test database, and
// real server processes (started on that database and proxy, all sharing one data directory) that the test kills
// with SIGKILL and starts again. Registers its own beforeAll/afterAll; call it at the top level of a test file.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createReadClient } from '@keepsake/chains/clients';
import { devnet as devnetDefinition } from '@keepsake/chains/definitions/devnet';
import { startDevnet, type Devnet } from '@keepsake/chains/devnet';
import type { Chain, PublicClient, Transport } from 'viem';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from './harness.ts';
import { startRpcProxy } from './rpc-proxy.ts';
import { serverProcessEnv, startServerProcess, type StartedServer } from './server-process.ts';

export type CrashStand = {
  readonly proxy: Awaited<ReturnType<typeof startRpcProxy>>;
  client: () => ReadClient;
  start: (env?: Record<string, string>) => Promise<StartedServer>;
  kill: (server: StartedServer) => Promise<void>;
  operatorSecret: () => string;
};

type ReadClient = PublicClient<Transport, Chain>;

/** How long a server process may take to start: the shared test machines are often loaded. */
const startupMs = 90_000;

export function useCrashStand(prefix: string): CrashStand {
  let chain: Devnet;
  let proxy: Awaited<ReturnType<typeof startRpcProxy>>;
  let database: TestDatabase;
  const dataDir = mkdtempSync(join(tmpdir(), `keepsake-${prefix}-`));
  const servers: StartedServer[] = [];

  beforeAll(async () => {
    chain = await startDevnet({ ephemeral: true });
    proxy = await startRpcProxy(chain.rpcUrl);
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await proxy?.close();
    await chain?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    /** The proxy in front of the devnet (set its mode to hold sends or receipts). */
    get proxy() {
      return proxy;
    },
    /** A client reading the devnet directly, past the proxy. */
    client: () => createReadClient(devnetDefinition, chain.rpcUrl),
    /** Starts a server process on the stand's database, data directory and proxy (`env` adds to its environment). */
    start: async (env: Record<string, string> = {}): Promise<StartedServer> => {
      const server = await startServerProcess({ ...serverProcessEnv(join(dataDir, 'home'), database.url), CHAIN_DEVNET_RPC_URL: proxy.url, ...env }, startupMs);
      servers.push(server);
      return server;
    },
    kill: async (server: StartedServer): Promise<void> => {
      server.child.kill('SIGKILL');
      await server.exited;
    },
    /** The operator secret the server processes share (for the CLI's operator endpoint). */
    operatorSecret: () => readFileSync(join(dataDir, 'home', 'operator.secret'), 'utf8').trim(),
  };
}
