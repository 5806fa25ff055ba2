// issue 12 (Crypto wallets): smart-account signatures checked against the chain. On the devnet, a deployed
// ERC-1271 account (packages/contracts KeepsakeTestSmartAccount) signs in with its owner's signature, and an account
// not deployed yet signs in with an ERC-6492 wrapped signature whose factory is the devnet's CREATE2 deployer.
import { loadArtifact } from '@keepsake/contracts/artifacts';
import { encodeDeployData, getContractAddress, concatHex, keccak256, toHex, type Abi, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { serializeErc6492Signature } from 'viem/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDb, type TestServer } from '../../testing/harness.ts';
import { basicAuth, createSdkProject, expectSdkError } from '../../testing/sdk.ts';

/** The deterministic CREATE2 deployer anvil has at genesis: calldata is the salt then the creation code. */
const create2Deployer: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c';
const origin = 'https://app.example.com';

let server: TestServer;
let project: Awaited<ReturnType<typeof createSdkProject>>;

beforeAll(async () => {
  server = await startTestServer({ chain: true });
  project = await createSdkProject(server, 'owner.smart-accounts@example.com', 'Smart account project', [origin]);
});
afterAll(() => server?.close());

const post = (path: string, body: unknown) =>
  server.request(`/sdk/v1${path}`, { method: 'POST', headers: { authorization: basicAuth(project.publicToken) }, body });

async function start(address: Address, siwe?: Record<string, unknown>) {
  const res = await post('/crypto_wallets/authenticate/start/primary', {
    crypto_wallet_address: address,
    crypto_wallet_type: 'ethereum',
    ...(siwe ? { siwe_params: siwe } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.challenge as string;
}

const authenticate = (address: Address, signature: Hex) =>
  post('/crypto_wallets/authenticate', { crypto_wallet_address: address, crypto_wallet_type: 'ethereum', signature, session_duration_minutes: 60 });

function accountCreationCode(owner: Address): Hex {
  const { abi, bytecode } = loadArtifact('KeepsakeTestSmartAccount');
  return encodeDeployData({ abi: abi as Abi, bytecode, args: [owner] });
}

describe(`crypto wallet smart accounts on the devnet (${testDb})`, () => {
  it('signs a deployed ERC-1271 account in with its owner’s signature, plain and SIWE; a stranger’s signature is refused', async () => {
    const devnet = server.ctx.chains.get('devnet');
    const owner = privateKeyToAccount(generatePrivateKey());
    const deployer = devnet.signer(0);
    const hash = await deployer.sendTransaction({ to: create2Deployer, data: concatHex([keccak256(toHex('deployed')), accountCreationCode(owner.address)]) });
    expect((await deployer.waitForTransactionReceipt({ hash })).status).toBe('success');
    const account = getContractAddress({
      opcode: 'CREATE2',
      from: create2Deployer,
      salt: keccak256(toHex('deployed')),
      bytecode: accountCreationCode(owner.address),
    });
    expect(await devnet.client.getCode({ address: account })).toMatch(/^0x[0-9a-f]{10,}/);

    const plain = await start(account);
    const first = await authenticate(account, await owner.signMessage({ message: plain }));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.user.crypto_wallets).toEqual([expect.objectContaining({ crypto_wallet_address: account.toLowerCase(), verified: true })]);

    const siwe = await start(account, { uri: origin, chain_id: String(devnet.chainId) });
    const second = await authenticate(account, await owner.signMessage({ message: siwe }));
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data.user_id).toBe(first.body.data.user_id);
    expect(second.body.data.siwe_params.chain_id).toBe(String(devnet.chainId));

    const stranger = privateKeyToAccount(generatePrivateKey());
    expectSdkError(await authenticate(account, await stranger.signMessage({ message: await start(account) })), 401, 'unable_to_auth_crypto_wallet');
    // SIWE binds the chain: on a chain Keepsake has no RPC for, the account cannot be checked.
    expectSdkError(
      await authenticate(account, await owner.signMessage({ message: await start(account, { uri: origin, chain_id: '8453' }) })),
      401,
      'unable_to_auth_crypto_wallet',
    );
  });

  it('signs an account that is not deployed yet in with an ERC-6492 wrapped signature', async () => {
    const devnet = server.ctx.chains.get('devnet');
    const owner = privateKeyToAccount(generatePrivateKey());
    const salt = keccak256(toHex('counterfactual'));
    const account = getContractAddress({ opcode: 'CREATE2', from: create2Deployer, salt, bytecode: accountCreationCode(owner.address) });
    expect(await devnet.client.getCode({ address: account })).toBeUndefined();
    const wrap = (signature: Hex) =>
      serializeErc6492Signature({ address: create2Deployer, data: concatHex([salt, accountCreationCode(owner.address)]), signature });

    const challenge = await start(account, { uri: origin, chain_id: String(devnet.chainId) });
    const res = await authenticate(account, wrap(await owner.signMessage({ message: challenge })));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.user.crypto_wallets).toEqual([expect.objectContaining({ crypto_wallet_address: account.toLowerCase() })]);
    // Verifying deploys nothing: the ERC-6492 check runs in an eth_call.
    expect(await devnet.client.getCode({ address: account })).toBeUndefined();

    const stranger = privateKeyToAccount(generatePrivateKey());
    expectSdkError(await authenticate(account, wrap(await stranger.signMessage({ message: await start(account) }))), 401, 'unable_to_auth_crypto_wallet');
  });
});
