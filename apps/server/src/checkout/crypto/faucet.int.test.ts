// Issue 22 item 13 on a real devnet: the faucet told a refused mint apart from a chain that does not answer. The zero
// address (which the test stablecoin's mint refuses) answered 503 "The devnet did not answer"; it is refused with a
// 400 before anything is signed. A mint the chain refuses (here: the faucet's signer no longer owns the token, set in
// the contract's storage) answers 409 `faucet_mint_reverted` with the reason, whether the refusal comes when the mint
// is signed or once it is mined; nothing was sent, so the address may ask again.
import { faucetGrants } from '@keepsake/db/schema';
import { and, eq } from 'drizzle-orm';
import { pad, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testUsdAbi } from '@keepsake/chains/abis';
import { createProjectWithKeys, type ProjectWithKeys } from '../../testing/api-keys.ts';
import { startTestServer, testDb, type TestServer } from '../../testing/harness.ts';

let server: TestServer;
let project: ProjectWithKeys;

beforeAll(async () => {
  server = await startTestServer({ chain: true });
  project = await createProjectWithKeys(server, 'Faucet');
});
afterAll(async () => {
  await server?.close();
});

const zero = '0x0000000000000000000000000000000000000000';
const faucet = (address: string) =>
  server.request('/api/v1-alpha1/faucet', { method: 'POST', body: { chain: 'devnet', address }, headers: { 'x-api-key': project.apiKey } });
const chain = () => server.ctx.chains.get('devnet');
const token = () => server.ctx.chains.devnet!.stablecoin;
const owner = () => server.ctx.chains.signers[0]!.address;
const rpc = (method: string, params: unknown[]) => chain().client.request({ method: method as never, params: params as never });
const usdxm = (address: Address) => chain().client.readContract({ address: token(), abi: testUsdAbi, functionName: 'balanceOf', args: [address] });
const grantOf = async (address: string) =>
  (
    await server.ctx.db
      .select()
      .from(faucetGrants)
      .where(and(eq(faucetGrants.chain, 'devnet'), eq(faucetGrants.address, address)))
  )[0];

/** The storage slot of the token's Ownable owner: the one that holds signer 0's address. */
async function ownerSlot(): Promise<Hex> {
  const expected = pad(owner().toLowerCase() as Hex);
  for (let slot = 0; slot < 64; slot++) {
    const key = pad(`0x${slot.toString(16)}`);
    if ((await chain().client.getStorageAt({ address: token(), slot: key }))?.toLowerCase() === expected) return key;
  }
  throw new Error("the test stablecoin's owner slot was not found");
}

/** Makes `newOwner` the token's owner by writing its storage, as a devnet reset or a hand-made change could. */
const setOwner = async (slot: Hex, newOwner: Address) => rpc('anvil_setStorageAt', [token(), slot, pad(newOwner.toLowerCase() as Hex)]);

describe(`issue 22 item 13: the faucet reports what the chain did (${testDb})`, () => {
  it('refuses the zero address with a 400 before anything is signed, and leaves the address unclaimed', async () => {
    const nonceBefore = await chain().client.getTransactionCount({ address: owner(), blockTag: 'pending' });
    const res = await faucet(zero);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({
      error_type: 'invalid_request',
      error_message: 'address: the zero address cannot receive test USDXM (the token contract refuses to mint to it).',
    });
    expect(await grantOf(zero)).toBeUndefined();
    expect(await chain().client.getTransactionCount({ address: owner(), blockTag: 'pending' })).toBe(nonceBefore);
  });

  it('answers 409 with the revert reason when the chain refuses the mint as it is signed, and takes no hour', async () => {
    const buyer = privateKeyToAccount(generatePrivateKey()).address;
    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    const slot = await ownerSlot();
    await setOwner(slot, stranger);
    try {
      const res = await faucet(buyer);
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.error_type).toBe('faucet_mint_reverted');
      expect(res.body.error_message).toBe(
        `The devnet refused to mint test USDXM: the token contract reverted with OwnableUnauthorizedAccount(${owner()}) (the faucet's signer does not own the test stablecoin). Nothing was sent; ask again once that is fixed.`,
      );
      expect(await grantOf(buyer)).toBeUndefined();
    } finally {
      await setOwner(slot, owner());
    }
    // The hour was not taken: the same address gets its USDXM now that the chain takes the mint.
    const again = await faucet(buyer);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await usdxm(buyer)).toBe(100_000_000n);
  });

  it('answers 409 with the revert reason when the mint reverts once mined, and frees the address again', async () => {
    const buyer = privateKeyToAccount(generatePrivateKey()).address;
    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    const slot = await ownerSlot();
    const { client } = chain();
    await rpc('evm_setAutomine', [false]);
    try {
      // The mint is signed while the signer owns the token, then the owner changes before it is mined.
      const answer = faucet(buyer);
      const latest = await client.getTransactionCount({ address: owner(), blockTag: 'latest' });
      const deadline = Date.now() + 15_000;
      while ((await client.getTransactionCount({ address: owner(), blockTag: 'pending' })) === latest) {
        if (Date.now() > deadline) throw new Error('the faucet sent no mint');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await setOwner(slot, stranger);
      await rpc('evm_mine', []);
      const res = await answer;
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.error_type).toBe('faucet_mint_reverted');
      expect(res.body.error_message).toMatch(
        /^The devnet mined the mint of test USDXM \(0x[0-9a-f]{64}\) but it reverted: the token contract reverted with OwnableUnauthorizedAccount\(0x[0-9a-fA-F]{40}\) \(the faucet's signer does not own the test stablecoin\)\. Nothing was sent; ask again once that is fixed\.$/,
      );
      expect(await usdxm(buyer)).toBe(0n);
      expect(await grantOf(buyer)).toBeUndefined();
    } finally {
      await setOwner(slot, owner());
      await rpc('evm_setAutomine', [true]);
    }
    const again = await faucet(buyer);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await usdxm(buyer)).toBe(100_000_000n);
  });
});
