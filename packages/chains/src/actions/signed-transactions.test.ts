// Transactions signed first and sent later (the deploy pipeline stores them in between): the same bytes sent
// twice are mined once, the contract lands at the address predicted from signer and nonce, and the outcome of a
// transaction reads as pending, confirmed, reverted or replaced on a real chain.
import { encodeFunctionData, parseEther, parseTransaction, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collection721Abi } from '../abis.ts';
import { MissingRoleError } from '../errors/contract.ts';
import { createSignerClient, type ChainSignerClient } from '../clients.ts';
import { devnet } from '../definitions/devnet.ts';
import { startDevnet, type Devnet } from '../devnet/launcher.ts';
import { fundAccount } from './fund-account.ts';
import { getTransactionOutcome } from './get-transaction-outcome.ts';
import { minterRole } from './grant-minter.ts';
import { sendSignedTransaction } from './send-signed-transaction.ts';
import { signDeployCollection } from './sign-deploy-collection.ts';
import { signGrantMinter } from './sign-grant-minter.ts';
import { signTransaction } from './sign-transaction.ts';

let chain: Devnet;
let signer: ChainSignerClient;
const newAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;
const nonceOf = async () => signer.getTransactionCount({ address: signer.account.address, blockTag: 'pending' });

beforeAll(async () => {
  chain = await startDevnet({ ephemeral: true });
  signer = createSignerClient(devnet, chain.rpcUrl, privateKeyToAccount(generatePrivateKey()));
  await fundAccount(signer, { address: signer.account.address, balance: parseEther('10') });
});

afterAll(async () => {
  await chain?.stop();
});

describe('signed transactions', () => {
  it('deploys a collection at the predicted address once, however often the signed bytes are sent', async () => {
    const nonce = await nonceOf();
    const signed = await signDeployCollection(signer, { contractType: 'erc-721', name: 'Signed', symbol: 'SGN', baseUri: 'https://k.test/m/', nonce });
    expect(signed.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await sendSignedTransaction(signer, signed)).toBe('accepted');
    // While it is being mined the node may still call it known; once mined, its nonce is used.
    expect(['known', 'nonce-used']).toContain(await sendSignedTransaction(signer, signed));
    await signer.waitForTransactionReceipt({ hash: signed.hash });
    expect(await sendSignedTransaction(signer, signed)).toBe('nonce-used');
    const outcome = await getTransactionOutcome(signer, { hash: signed.hash, from: signer.account.address, nonce });
    expect(outcome).toMatchObject({ status: 'confirmed', contractAddress: signed.contractAddress });
    expect(await signer.readContract({ address: signed.contractAddress, abi: collection721Abi, functionName: 'name' })).toBe('Signed');
    expect(await nonceOf()).toBe(nonce + 1);

    const minter = newAddress();
    const grant = await signGrantMinter(signer, { contract: signed.contractAddress, minter, nonce: nonce + 1 });
    expect(await sendSignedTransaction(signer, grant)).toBe('accepted');
    await signer.waitForTransactionReceipt({ hash: grant.hash });
    expect(await getTransactionOutcome(signer, { hash: grant.hash, from: signer.account.address, nonce: nonce + 1 })).toMatchObject({ status: 'confirmed' });
    expect(await signer.readContract({ address: signed.contractAddress, abi: collection721Abi, functionName: 'hasRole', args: [minterRole, minter] })).toBe(
      true,
    );
  });

  it('reads a transaction held in the pool as pending, and a resend of it as known', async () => {
    await signer.request({ method: 'evm_setAutomine' as never, params: [false] as never });
    try {
      const nonce = await nonceOf();
      const signed = await signDeployCollection(signer, { contractType: 'erc-1155', baseUri: 'https://k.test/s/', nonce });
      expect(await sendSignedTransaction(signer, signed)).toBe('accepted');
      expect(await sendSignedTransaction(signer, signed)).toBe('known');
      expect(await getTransactionOutcome(signer, { hash: signed.hash, from: signer.account.address, nonce })).toEqual({ status: 'pending' });
      await signer.request({ method: 'evm_mine' as never, params: [] as never });
      expect(await getTransactionOutcome(signer, { hash: signed.hash, from: signer.account.address, nonce })).toMatchObject({
        status: 'confirmed',
        contractAddress: signed.contractAddress,
      });
    } finally {
      await signer.request({ method: 'evm_setAutomine' as never, params: [true] as never });
    }
  });

  it('reads a transaction whose nonce another one used as replaced, names a call that would revert, and reads a mined failure as reverted', async () => {
    const nonce = await nonceOf();
    const unsent = await signDeployCollection(signer, { contractType: 'erc-721', name: 'Never', symbol: 'NVR', baseUri: 'https://k.test/n/', nonce });
    const other = await signTransaction(signer, { to: newAddress(), data: '0x', nonce });
    expect(other.hash).not.toBe(unsent.hash);
    expect(await sendSignedTransaction(signer, other)).toBe('accepted');
    await signer.waitForTransactionReceipt({ hash: other.hash });
    expect(await getTransactionOutcome(signer, { hash: unsent.hash, from: signer.account.address, nonce })).toEqual({ status: 'replaced' });
    expect(await sendSignedTransaction(signer, unsent)).toBe('nonce-used');

    // Signing a grant in a contract the signer does not own fails at the estimate, with the contract's error.
    const deployed = await signDeployCollection(signer, {
      contractType: 'erc-721',
      name: 'Owned',
      symbol: 'OWN',
      baseUri: 'https://k.test/o/',
      nonce: nonce + 1,
      owner: newAddress(),
    });
    await sendSignedTransaction(signer, deployed);
    await signer.waitForTransactionReceipt({ hash: deployed.hash });
    await expect(signGrantMinter(signer, { contract: deployed.contractAddress, minter: newAddress(), nonce: nonce + 2 })).rejects.toThrow(MissingRoleError);
    // With a gas limit given there is no estimate: the same call is mined, and reverts.
    const data = encodeFunctionData({ abi: collection721Abi, functionName: 'grantRole', args: [minterRole, newAddress()] });
    const doomed = await signTransaction(signer, { to: deployed.contractAddress, data, nonce: nonce + 2, gas: 100_000n });
    expect(await sendSignedTransaction(signer, doomed)).toBe('accepted');
    await signer.waitForTransactionReceipt({ hash: doomed.hash });
    expect(await getTransactionOutcome(signer, { hash: doomed.hash, from: signer.account.address, nonce: nonce + 2 })).toMatchObject({ status: 'reverted' });
  });

  it('signs with twice the base fee as its cap, and reports a transaction whose cap the base fee has passed as underpriced', async () => {
    const nonce = await nonceOf();
    const { baseFeePerGas } = await signer.getBlock();
    const signed = await signTransaction(signer, { to: newAddress(), data: '0x', nonce });
    const { maxFeePerGas } = parseTransaction(signed.serializedTransaction);
    expect(maxFeePerGas! >= 2n * baseFeePerGas!).toBe(true);
    await signer.request({ method: 'anvil_setNextBlockBaseFeePerGas' as never, params: [`0x${(maxFeePerGas! + 1n).toString(16)}`] as never });
    expect(await sendSignedTransaction(signer, signed)).toBe('underpriced');
    expect(await nonceOf()).toBe(nonce);
  });
});
