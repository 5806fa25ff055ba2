// The EVM actions against a real chain (an ephemeral anvil): deploys, batch mints and the token ids read
// back from receipts, owners, balances, funding, and each contract failure mapped to its named error.
import { encodeFunctionData, parseEther, zeroAddress, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collection721Abi } from '../abis.ts';
import { createSignerClient, type ChainSignerClient } from '../clients.ts';
import { devnet } from '../definitions/devnet.ts';
import { startDevnet, type Devnet } from '../devnet/launcher.ts';
import {
  ContractDeployFailedError,
  InvalidBatchError,
  MissingRoleError,
  SupplyLimitExceededError,
  TokenNotFoundError,
  TransactionRevertedError,
} from '../errors/contract.ts';
import { deployCollection1155 } from './deploy-collection-1155.ts';
import { deployCollection721 } from './deploy-collection-721.ts';
import { deployTestUsd } from './deploy-test-usd.ts';
import { fundAccount } from './fund-account.ts';
import { getBalance1155 } from './get-balance-1155.ts';
import { getDeployedContract } from './get-deployed-contract.ts';
import { getMintedTokens, mintedTokenIds } from './get-minted-tokens.ts';
import { getOwner } from './get-owner.ts';
import { getTokenBalance } from './get-token-balance.ts';
import { grantMinter } from './grant-minter.ts';
import { mintBatch } from './mint-batch.ts';
import { mintBatch1155 } from './mint-batch-1155.ts';
import { mintTestUsd } from './mint-test-usd.ts';
import { encodeMintBatch721 } from './sign-mint-batch.ts';

let chain: Devnet;
let signer: ChainSignerClient;
let other: ChainSignerClient;
const newAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;

beforeAll(async () => {
  chain = await startDevnet({ ephemeral: true });
  signer = createSignerClient(devnet, chain.rpcUrl, privateKeyToAccount(generatePrivateKey()));
  other = createSignerClient(devnet, chain.rpcUrl, privateKeyToAccount(generatePrivateKey()));
  for (const client of [signer, other]) await fundAccount(signer, { address: client.account.address, balance: parseEther('10') });
});

afterAll(async () => {
  await chain?.stop();
});

describe('ERC-721 actions', () => {
  let contract: Address;

  beforeAll(async () => {
    const hash = await deployCollection721(signer, { name: 'Actions', symbol: 'ACT', baseUri: 'https://keepsake.test/m/', supplyLimit: 4n });
    contract = (await getDeployedContract(signer, { hash })).address;
  });

  it('mints a batch and reads the token ids and holders back from the receipt', async () => {
    const recipients = [newAddress(), newAddress(), newAddress()];
    const hash = await mintBatch(signer, { contract, recipients });
    const minted = await getMintedTokens(signer, { contract, hash });
    expect(minted.tokens.map(({ to, tokenId, amount }) => ({ to, tokenId, amount }))).toEqual(
      recipients.map((to, i) => ({ to, tokenId: BigInt(i + 1), amount: 1n })),
    );
    expect(minted.transactionHash).toBe(hash);
    expect(await getOwner(signer, { contract, tokenId: 3n })).toBe(recipients[2]);
    // Logs of other contracts in the same receipt are not counted.
    expect((await getMintedTokens(signer, { contract: newAddress(), hash })).tokens).toEqual([]);
    // The pipeline's cheaper reading of the same receipt agrees.
    const receipt = await signer.getTransactionReceipt({ hash });
    expect(mintedTokenIds(receipt, contract)).toEqual(minted.tokens.map(({ tokenId, amount }) => ({ tokenId, amount })));
    expect(mintedTokenIds(receipt, newAddress())).toEqual([]);
  });

  it('writes the batch call data as the ABI encoder does, and refuses what is not an address', () => {
    const recipients = [newAddress(), newAddress().toLowerCase() as Address, newAddress()];
    expect(encodeMintBatch721(recipients)).toBe(encodeFunctionData({ abi: collection721Abi, functionName: 'mintBatch', args: [recipients] }));
    expect(() => encodeMintBatch721([])).toThrow(InvalidBatchError);
    expect(() => encodeMintBatch721(['0x1234'])).toThrow(/0x1234 is not an address/);
  });

  it('names each failure', async () => {
    await expect(getOwner(signer, { contract, tokenId: 99n })).rejects.toThrow(TokenNotFoundError);
    await expect(mintBatch(signer, { contract, recipients: [] })).rejects.toThrow(InvalidBatchError);
    await expect(mintBatch(signer, { contract, recipients: [newAddress(), newAddress()] })).rejects.toThrow(SupplyLimitExceededError);
    await expect(mintBatch(other, { contract, recipients: [newAddress()] })).rejects.toThrow(MissingRoleError);
    await expect(grantMinter(other, { contract, minter: other.account.address })).rejects.toThrow(MissingRoleError);
  });

  it('lets a granted minter mint', async () => {
    await signer.waitForTransactionReceipt({ hash: await grantMinter(signer, { contract, minter: other.account.address }) });
    const minted = await getMintedTokens(other, { contract, hash: await mintBatch(other, { contract, recipients: [other.account.address] }) });
    expect(minted.tokens[0]).toMatchObject({ to: other.account.address, tokenId: 4n });
  });

  it('reports a mined revert and a transaction that deployed nothing', async () => {
    // With a gas limit given there is no estimate, so the revert (supply limit reached) happens on chain.
    const hash = await mintBatch(signer, { contract, recipients: [newAddress()], gas: 200_000n });
    await expect(getMintedTokens(signer, { contract, hash })).rejects.toThrow(TransactionRevertedError);
    await expect(getDeployedContract(signer, { hash })).rejects.toThrow(ContractDeployFailedError);
  });
});

describe('ERC-1155 actions', () => {
  it('mints templates to many recipients and reads amounts and balances', async () => {
    const { address: contract } = await getDeployedContract(signer, { hash: await deployCollection1155(signer, { baseUri: 'https://keepsake.test/s/' }) });
    const [alice, bob] = [newAddress(), newAddress()];
    const hash = await mintBatch1155(signer, {
      contract,
      mints: [
        { to: alice, tokenId: 1n, amount: 3n },
        { to: bob, tokenId: 2n, amount: 1n },
      ],
    });
    const minted = await getMintedTokens(signer, { contract, hash });
    expect(minted.tokens.map(({ to, tokenId, amount }) => [to, tokenId, amount])).toEqual([
      [alice, 1n, 3n],
      [bob, 2n, 1n],
    ]);
    expect(mintedTokenIds(await signer.getTransactionReceipt({ hash }), contract)).toEqual([
      { tokenId: 1n, amount: 3n },
      { tokenId: 2n, amount: 1n },
    ]);
    expect(await getBalance1155(signer, { contract, owner: alice, tokenId: 1n })).toBe(3n);
    expect(await getBalance1155(signer, { contract, owner: bob, tokenId: 1n })).toBe(0n);
    await expect(mintBatch1155(signer, { contract, mints: [] })).rejects.toThrow(InvalidBatchError);
  });
});

describe('balances and funding', () => {
  it('mints and reads the test stablecoin, and funds accounts on the devnet only upwards', async () => {
    const { address: token } = await getDeployedContract(signer, { hash: await deployTestUsd(signer) });
    const buyer = newAddress();
    await signer.waitForTransactionReceipt({ hash: await mintTestUsd(signer, { token, to: buyer, amount: 2_500_000n }) });
    expect(await getTokenBalance(signer, { owner: buyer, token })).toBe(2_500_000n);
    await expect(mintTestUsd(other, { token, to: buyer, amount: 1n })).rejects.toThrow(MissingRoleError);

    expect(await getTokenBalance(signer, { owner: buyer })).toBe(0n);
    expect(await fundAccount(signer, { address: buyer, balance: parseEther('2') })).toBe(parseEther('2'));
    expect(await fundAccount(signer, { address: buyer, balance: parseEther('1') })).toBe(parseEther('2'));
    expect(await getTokenBalance(signer, { owner: buyer })).toBe(parseEther('2'));
    expect(await getTokenBalance(signer, { owner: zeroAddress, token })).toBe(0n);
  });
});
