// Custody of wallet keys (ADR 035) and exactly-once creation (ADR 037): keys are sealed at rest (never in
// plaintext in any table or log), each under its own data key, unsealing gives back the wallet's address and
// signs for it; concurrent creation for one owner makes one wallet and one auth user (settled by unique
// indexes, which matters on PostgreSQL where the requests really run in parallel).
import { randomBytes } from 'node:crypto';
import { authEmails, wallets as walletsTable } from '@keepsake/db/schema';
import { eq } from 'drizzle-orm';
import { verifyMessage } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unseal } from '../platform/secrets.ts';
import { createProjectWithKeys, type ProjectWithKeys } from '../testing/api-keys.ts';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';
import { WalletNotFoundError } from './service.ts';

let server: TestServer;
let project: ProjectWithKeys;

const base = '/api/2025-06-09/wallets';

function post(body: unknown) {
  return server.request(base, { method: 'POST', headers: { 'x-api-key': project.apiKey }, body });
}

/** Every row of every table the server owns, as text. */
async function dumpDatabase(): Promise<string> {
  const result = (await server.ctx.db.execute(`select schemaname, tablename from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`)) as {
    rows: Array<{ schemaname: string; tablename: string }>;
  };
  const dumps = await Promise.all(
    result.rows.map(async (t) => JSON.stringify(await server.ctx.db.execute(`select * from "${t.schemaname}"."${t.tablename}"`))),
  );
  expect(result.rows.map((r) => r.tablename)).toContain('wallets');
  return dumps.join('\n');
}

beforeAll(async () => {
  server = await startTestServer({ captureLogs: true });
  project = await createProjectWithKeys(server, 'Custody');
});
afterAll(() => server?.close());

describe(`wallet keys at rest (${testDb})`, () => {
  it('keeps every key sealed in the database and out of the logs, and unseals it back to its address', async () => {
    await post({ chainType: 'evm', owner: 'email:sealed@example.com' });
    await post({ chainType: 'evm', owner: 'userId:sealed-2' });
    await server.services.wallets.resolveRecipient(project.projectId, 'email:sealed3@example.com:devnet');
    await server.request(`${base}/${encodeURIComponent('email:sealed@example.com:evm')}`, { headers: { 'x-api-key': project.apiKey } });

    const rows = await server.ctx.db.select().from(walletsTable).where(eq(walletsTable.projectId, project.projectId));
    expect(rows).toHaveLength(3);
    const database = (await dumpDatabase()).toLowerCase();
    const logs = server.logs().toLowerCase();
    expect(logs.length).toBeGreaterThan(0); // the requests were logged, at trace level
    const wrappedKeys = new Set<string>();
    for (const row of rows) {
      const envelope = JSON.parse(row.sealedPrivateKey) as { v: number; wk: string; ct: string };
      expect(envelope.v).toBe(1);
      wrappedKeys.add(envelope.wk);
      const privateKey = unseal(server.ctx.keys.master, row.sealedPrivateKey);
      expect(privateKey).toMatch(/^0x[0-9a-f]{64}$/);
      expect(database).not.toContain(privateKey.slice(2));
      expect(logs).not.toContain(privateKey.slice(2));
      expect(logs).not.toContain(envelope.ct.toLowerCase());

      // The round trip: the sealed key opens to an account at the wallet's address that signs for it.
      const account = await server.services.wallets.walletAccount(project.projectId, row.id);
      expect(account.address).toBe(row.address);
      const signature = await account.signMessage({ message: 'keepsake' });
      expect(await verifyMessage({ address: row.address as `0x${string}`, message: 'keepsake', signature })).toBe(true);
      expect(JSON.stringify(account)).not.toContain(privateKey.slice(2));
    }
    expect(wrappedKeys.size).toBe(rows.length); // a fresh data key per wallet key
    expect(() => unseal(randomBytes(32), rows[0]!.sealedPrivateKey)).toThrow();
  });

  it("refuses to open another project's wallet key", async () => {
    const other = await createProjectWithKeys(server, 'Other');
    const { walletId } = await server.services.wallets.resolveRecipient(other.projectId, 'email:theirs@example.com:devnet');
    await expect(server.services.wallets.walletAccount(project.projectId, walletId!)).rejects.toBeInstanceOf(WalletNotFoundError);
  });

  it('redacts private keys handed to the logger by name', async () => {
    const before = server.logs().length;
    const privateKey = `0x${randomBytes(32).toString('hex')}`;
    server.ctx.log.info({ wallet: { privateKey, sealedPrivateKey: 'sealed' }, private_key: privateKey }, 'careless log line');
    const line = server.logs().slice(before);
    expect(line).toContain('careless log line');
    expect(line).not.toContain(privateKey.slice(2));
    expect(line).not.toContain('"sealed"');
  });
});

describe(`creating one owner's wallet concurrently (${testDb})`, () => {
  it('makes exactly one wallet and one auth user for 20 simultaneous POSTs', async () => {
    const email = `race.${crypto.randomUUID()}@example.com`;
    const responses = await Promise.all(Array.from({ length: 20 }, () => post({ chainType: 'evm', owner: `email:${email}` })));
    expect(responses.map((r) => r.status).sort((a, b) => a - b)).toEqual([...Array<number>(19).fill(200), 201]);
    expect(new Set(responses.map((r) => r.body.address)).size).toBe(1);
    const rows = await server.ctx.db
      .select()
      .from(walletsTable)
      .where(eq(walletsTable.owner, `email:${email}`));
    expect(rows).toHaveLength(1);
    const users = await server.ctx.db.select().from(authEmails).where(eq(authEmails.email, email));
    expect(users).toHaveLength(1);
  });

  it('makes exactly one wallet when mint recipients race, by email and by userId', async () => {
    const email = `mint-race.${crypto.randomUUID()}@example.com`;
    const byEmail = await Promise.all(Array.from({ length: 20 }, () => server.services.wallets.resolveRecipient(project.projectId, `email:${email}:devnet`)));
    expect(new Set(byEmail.map((r) => r.walletId)).size).toBe(1);
    const userId = `player-${crypto.randomUUID()}`;
    const byUserId = await Promise.all(
      Array.from({ length: 20 }, () => server.services.wallets.resolveRecipient(project.projectId, `userId:${userId}:devnet`)),
    );
    expect(new Set(byUserId.map((r) => r.walletId)).size).toBe(1);
    const rows = await server.ctx.db.select().from(walletsTable).where(eq(walletsTable.projectId, project.projectId));
    expect(rows.filter((r) => r.owner === `email:${email}` || r.owner === `userId:${userId}`)).toHaveLength(2);
  });
});
