// The developer CLI (ADR 114, 120) run for real, as a child process, against a test server with a devnet:
// login, keys, collections, mint (one and a CSV), --json, the project roles, and bad input. Issue 13 item 11.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliConfigDir, signedInCliConfig, spawnCli, type CliRun } from '../testing/cli-process.ts';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';

let server: TestServer;
let ownerCookie: string;
let projectId: string;
let owner: string; // the owner's config directory, signed in by `keepsake login --no-browser`
let member: { configDir: string; token: string }; // a member with the `developer` role
let collectionId: string;
const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const cli = (args: string[], configDir = owner) => spawnCli(args, configDir);
const jsonOf = (run: CliRun) => {
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout);
};
/** A refusal: the message on stderr, no stack trace, the exit code. */
function expectRefused(run: CliRun, code: number, message: string | RegExp) {
  expect(run.code).toBe(code);
  expect(run.stderr).toMatch(message);
  expect(run.stderr).not.toMatch(/\n\s+at /);
}
const csvFile = (name: string, text: string) => {
  const path = join(cliConfigDir(), name);
  writeFileSync(path, text);
  return path;
};
async function nftsOf(id: string) {
  const res = await server.request(`/api/console/collections/${id}/nfts?perPage=100`, { cookie: ownerCookie });
  expect(res.status).toBe(200);
  return res.body.nfts as Array<{ id: string; status: string; ownerAddress: string; metadata: { name: string } }>;
}
async function allMinted(id: string, count: number) {
  const deadline = Date.now() + 25_000;
  for (;;) {
    const nfts = await nftsOf(id);
    if (nfts.length === count && nfts.every((n) => n.status === 'success')) return nfts;
    if (Date.now() > deadline) throw new Error(`not all minted: ${JSON.stringify(nfts.map((n) => n.status))}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  server = await startTestServer({ chain: true });
  ownerCookie = await server.signIn('cli.owner@example.com');
  projectId = (await server.request('/api/console/projects', { method: 'POST', cookie: ownerCookie, body: { name: 'CLI Shop' } })).body.project.id;
  const added = await server.request('/api/console/projects/members', {
    method: 'POST',
    cookie: ownerCookie,
    body: { projectId, email: 'cli.member@example.com', role: 'developer' },
  });
  expect(added.status).toBe(201);
  member = await signedInCliConfig(server, await server.signIn('cli.member@example.com'));

  // The owner signs in with the real command: the CLI prints the code, the owner approves it in the console.
  owner = cliConfigDir();
  let approving: Promise<unknown> | undefined;
  const login = await spawnCli(['login', '--no-browser', '--url', server.url], owner, (soFar) => {
    const code = /user_code=([A-Z]{4}-[A-Z]{4})/.exec(soFar)?.[1];
    if (code && !approving) approving = server.request('/api/console/cli/device/approve', { method: 'POST', cookie: ownerCookie, body: { user_code: code } });
  });
  expect(login.code).toBe(0);
  expect(login.stdout).toContain(`Signed in to ${server.url}`);
}, 150_000);
afterAll(() => server?.close());

// Every case starts the CLI several times, each a Node process of its own: more time than one request.
describe(`the developer CLI against a server (${testDb})`, { timeout: 120_000 }, () => {
  it('login stored the token 0600, and projects list shows the role', async () => {
    expect(statSync(join(owner, 'keepsake', 'credentials.json')).mode & 0o777).toBe(0o600);
    // The token is listed under this machine's hostname, the CLI's default device name.
    const { tokenId } = JSON.parse(readFileSync(join(owner, 'keepsake', 'credentials.json'), 'utf8')) as { tokenId: string };
    const listed = await server.request('/api/console/account/cli-tokens', { cookie: ownerCookie });
    expect(listed.body.tokens.find((t: { id: string }) => t.id === tokenId)).toMatchObject({ deviceName: hostname().trim().slice(0, 100) });
    const human = await cli(['projects', 'list']);
    expect(human.code).toBe(0);
    expect(human.stdout).toBe(`${projectId}  CLI Shop  (owner)\n`);
    expect(jsonOf(await cli(['projects', 'list', '--json'], member.configDir))).toEqual([expect.objectContaining({ id: projectId, role: 'developer' })]);
  });

  it('keys create prints the secret once, and it works; keys revoke ends it', async () => {
    const created = await cli(['keys', 'create', '--name', 'Deploy bot', '--scope', 'collections.read,nfts.read']);
    expect(created.code).toBe(0);
    const secret = /^ {2}(sk_staging_\S+)$/m.exec(created.stdout)?.[1];
    expect(secret).toBeDefined();
    expect(created.stdout).toContain('Created the server staging API key "Deploy bot"');
    expect(created.stdout).toContain('Scopes: collections.read, nfts.read');
    const asKey = () => server.request('/api/2022-06-09/collections', { headers: { 'x-api-key': secret! } });
    expect((await asKey()).status).toBe(200);

    const listed = jsonOf(await cli(['keys', 'list', '--json'])) as Array<{ id: string; name: string; scopes: string[] }>;
    const key = listed.find((k) => k.name === 'Deploy bot')!;
    expect(key.scopes).toEqual(['collections.read', 'nfts.read']);
    expect(JSON.stringify(listed)).not.toContain(secret!);

    const revoked = await cli(['keys', 'revoke', key.id]);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toBe(`Revoked the API key "Deploy bot" (${key.id}) in CLI Shop.\n`);
    expect((await asKey()).status).toBe(401);
    expectRefused(await cli(['keys', 'revoke', '7d6f1b52-5ad0-4e1a-9f3a-1c2b3d4e5f60', '--project', projectId]), 1, /^keepsake: .*not found/i);
  });

  it('keys create --json answers the key and its secret', async () => {
    const body = jsonOf(await cli(['keys', 'create', '--name', 'CI', '--scope', 'nfts.create', '--environment', 'production', '--json']));
    expect(body).toMatchObject({ projectId, apiKey: { name: 'CI', environment: 'production', type: 'server', scopes: ['nfts.create'] } });
    expect(body.secret).toMatch(/^sk_production_/);
  });

  it('collections create and list, human and --json', async () => {
    const created = jsonOf(
      await cli(['collections', 'create', '--name', 'Gold Tickets', '--description', 'Entry to every show', '--chain', 'devnet', '--symbol', 'GOLD', '--json']),
    );
    expect(created).toMatchObject({ projectId, chain: 'devnet', fungibility: 'non-fungible', metadata: { name: 'Gold Tickets', symbol: 'GOLD' } });
    collectionId = created.id;
    const human = await cli(['collections', 'create', '--name', 'Silver', '--description', 'Second tier', '--chain', 'devnet']);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^Created the collection "Silver" \([0-9a-f-]{36}\) in CLI Shop on devnet/);

    const listed = jsonOf(await cli(['collections', 'list', '--json']));
    expect(listed.total).toBe(2);
    expect(listed.collections.map((c: { metadata: { name: string } }) => c.metadata.name)).toEqual(['Silver', 'Gold Tickets']);
    const lines = (await cli(['collections', 'list', '--per-page', '1'])).stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^[0-9a-f-]{36} {2}Silver {2}devnet non-fungible {2}(pending|success)/);
    expect(lines[1]).toBe('(1 of 2; next: --page 2)');
  });

  it('mint one NFT to an email, and to a wallet with --json; both end up minted', async () => {
    const human = await cli([
      'mint',
      '--collection',
      collectionId,
      '--recipient',
      'fan@example.com',
      '--name',
      'Ticket #1',
      '--image',
      'https://cdn.example.com/1.png',
    ]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^Accepted NFT [0-9a-f-]{36} for email:fan@example.com:devnet \(pending on devnet\) in "Gold Tickets"/);
    const nft = jsonOf(await cli(['mint', '--collection', collectionId, '--recipient', alice, '--metadata', '{"name":"Ticket #2"}', '--json']));
    expect(nft).toMatchObject({ recipient: `devnet:${alice}`, metadata: { name: 'Ticket #2' }, onChain: { status: 'pending', chain: 'devnet' } });
    const minted = await allMinted(collectionId, 2);
    expect(minted.find((n) => n.id === nft.id)?.ownerAddress).toBe(alice);
  });

  it('mint --csv reports every row, shows progress on stderr, exits 1 on a failed row, and a rerun mints nothing twice', async () => {
    const csv = csvFile(
      'drop.csv',
      [
        'recipient,name,description,attributes',
        `${alice},Seat 1,Front row,"[{""trait_type"":""Row"",""value"":1}]"`,
        'b@example.com,Seat 2,,',
        'devnet:not-a-wallet,Seat 3,,',
        'c@example.com,,,',
        `devnet:${alice},"Seat, 5",,`,
      ].join('\n'),
    );
    const run = await cli(['mint', '--collection', collectionId, '--csv', csv]);
    expect(run.code).toBe(1);
    // Not a terminal: a plain progress line at each tenth, ending with the totals.
    expect(run.stderr.trim().split('\n').at(-1)).toBe('Minting 5/5 (2 failed)');
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatch(/^line 2: accepted [0-9a-f-]{36} for devnet:0x7099/);
    expect(lines[1]).toMatch(/^line 3: accepted .* for email:b@example.com:devnet/);
    expect(lines[2]).toMatch(/^line 4: failed: .+/);
    expect(lines[3]).toBe(
      'line 5: failed: Give either metadata (a non-fungible collection) or templateId (a semi-fungible collection), not both and not neither',
    );
    expect(lines[4]).toMatch(/^line 6: accepted /);
    expect(lines[5]).toBe('3 accepted, 2 failed, of 5 rows.');
    const minted = await allMinted(collectionId, 5);
    expect(minted.map((n) => n.metadata.name)).toEqual(expect.arrayContaining(['Seat 1', 'Seat 2', 'Seat, 5']));

    const again = jsonOf({ ...(await cli(['mint', '--collection', collectionId, '--csv', csv, '--json'])), stderr: '' });
    expect(again).toMatchObject({ collectionId, accepted: 3, failed: 2 });
    expect(again.results.map((r: { line: number; ok: boolean }) => [r.line, r.ok])).toEqual([
      [2, true],
      [3, true],
      [4, false],
      [5, false],
      [6, true],
    ]);
    expect(again.results[0].nft.id).toBe(/line 2: accepted (\S+)/.exec(run.stdout)?.[1]);
    expect(await nftsOf(collectionId)).toHaveLength(5);
  });

  it('mint --csv with only good rows exits 0, with --json', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => `devnet:${alice},Bulk ${i + 1}`);
    const run = await cli([
      'mint',
      '--collection',
      collectionId,
      '--csv',
      csvFile('bulk.csv', ['recipient,name', ...rows].join('\n')),
      '--json',
      '--concurrency',
      '3',
    ]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ accepted: 12, failed: 0 });
    expect(run.stderr.trim().split('\n')).toContain('Minting 12/12');
    await allMinted(collectionId, 17);
  });

  it('a developer-role member reads but cannot create keys or collections, or mint', async () => {
    const dev = member.configDir;
    expect((await cli(['collections', 'list'], dev)).code).toBe(0);
    expectRefused(await cli(['keys', 'create', '--name', 'x', '--scope', 'nfts.read'], dev), 1, 'keepsake: Only project owners and admins can do this.\n');
    expectRefused(
      await cli(['collections', 'create', '--name', 'X', '--description', 'y', '--chain', 'devnet'], dev),
      1,
      'keepsake: Only project owners and admins can create collections.\n',
    );
    expectRefused(
      await cli(['mint', '--collection', collectionId, '--recipient', alice, '--name', 'x'], dev),
      1,
      'keepsake: Only project owners and admins can mint.\n',
    );
    expect(await nftsOf(collectionId)).toHaveLength(17);
  });

  it('refuses bad input with a clear message and the command’s usage, never a stack trace', async () => {
    expectRefused(await cli(['keys', 'create', '--name', 'x', '--scope', 'everything']), 2, /--scope: each scope must be one of collections.create/);
    expectRefused(await cli(['keys', 'create', '--scope', 'nfts.read']), 2, /--name: /);
    expectRefused(await cli(['keys', 'revoke', 'not-an-id']), 2, /--keyId: must be a UUID[\s\S]*keys revoke <keyId>/);
    expectRefused(await cli(['keys', 'rotate']), 2, /Unknown command: keys rotate/);
    expectRefused(await cli(['collections', 'create', '--name', 'x', '--description', 'y', '--chain', 'moon']), 2, /--chain: Unknown chain "moon"/);
    expectRefused(await cli(['collections', 'list', '--page', '0']), 2, /--page: must be a whole number from 1/);
    expectRefused(await cli(['collections', 'list', '--project', '7d6f1b52-5ad0-4e1a-9f3a-1c2b3d4e5f60']), 1, /You are not a member of a project 7d6f1b52/);
    expectRefused(await cli(['mint', '--collection', collectionId]), 2, /Give --recipient/);
    expectRefused(await cli(['mint', '--collection', collectionId, '--recipient', alice, '--metadata', '{oops']), 2, /--metadata is not valid JSON/);
    expectRefused(
      await cli(['mint', '--collection', collectionId, '--recipient', alice, '--name', 'x', '--csv', 'a.csv']),
      2,
      /--csv takes every mint from the file/,
    );
    expectRefused(
      await cli(['mint', '--collection', collectionId, '--csv', '/nonexistent/rows.csv']),
      1,
      'keepsake: Cannot read /nonexistent/rows.csv (ENOENT).\n',
    );
    expectRefused(await cli(['mint', '--collection', collectionId, '--csv', csvFile('typo.csv', 'recipeint,name\nx,y\n')]), 1, /Unknown CSV column recipeint/);
    expectRefused(await cli(['mint', '--collection', collectionId, '--csv', csvFile('ragged.csv', 'recipient,name\nx,y,z\n')]), 1, /cannot be read/);
    expectRefused(
      await cli(['mint', '--collection', '7d6f1b52-5ad0-4e1a-9f3a-1c2b3d4e5f60', '--recipient', alice, '--name', 'x']),
      1,
      /keepsake: .*not found/i,
    );
    expectRefused(await cli(['projects', 'list'], cliConfigDir()), 1, 'keepsake: Not signed in. Run: npm run keepsake -- login\n');
    expect(await nftsOf(collectionId)).toHaveLength(17);
  });

  it('login in the browser with --device-name: the loopback grant, the token listed under that name', async () => {
    const configDir = cliConfigDir();
    let browser: Promise<Response> | undefined;
    // The browser's part: the signed-in /cli-signin page approves, and the browser follows the redirect to the CLI.
    const login = await spawnCli(['login', '--url', server.url, '--device-name', '  Build box 7  ', '--json'], configDir, (soFar) => {
      const target = /(http\S+\/cli-signin\?\S+)/.exec(soFar)?.[1];
      if (!target || browser) return;
      const params = Object.fromEntries(new URL(target).searchParams);
      browser = server
        .request('/api/console/cli/loopback', { method: 'POST', cookie: ownerCookie, body: params })
        .then((approved) => fetch(approved.body.redirect_to as string, { redirect: 'manual' }));
    });
    expect(login.code).toBe(0);
    expect((await browser!).headers.get('location')).toBe(`${server.url}/cli-signin/success`);
    expect(JSON.parse(login.stdout.trim().split('\n').at(-1)!)).toMatchObject({ signedIn: true, url: server.url });
    const { tokenId } = JSON.parse(readFileSync(join(configDir, 'keepsake', 'credentials.json'), 'utf8')) as { tokenId: string };
    const listed = await server.request('/api/console/account/cli-tokens', { cookie: ownerCookie });
    expect(listed.body.tokens.find((t: { id: string }) => t.id === tokenId)).toMatchObject({ deviceName: 'Build box 7' });
  });

  it('login refuses a blank or too long --device-name before it starts a sign-in', async () => {
    expectRefused(
      await cli(['login', '--device-name', ' ', '--url', server.url]),
      2,
      /--device-name: must be 1 to 100 printable characters[\s\S]*login \[--no-browser\]/,
    );
    expectRefused(await cli(['login', '--device-name', 'x'.repeat(101), '--url', server.url]), 2, /--device-name: must be 1 to 100 printable characters/);
  });

  it('a revoked CLI token is refused; logout revokes the token it holds', async () => {
    const revoked = await signedInCliConfig(server, ownerCookie);
    await server.request(`/api/console/account/cli-tokens/${revoked.tokenId}`, { method: 'DELETE', cookie: ownerCookie });
    expectRefused(await cli(['keys', 'list'], revoked.configDir), 1, 'keepsake: The CLI token is not valid or was revoked. Run keepsake login.\n');

    const other = await signedInCliConfig(server, ownerCookie);
    expect((await cli(['logout'], other.configDir)).stdout).toBe('Signed out; the CLI token was revoked.\n');
    const bearer = { authorization: `Bearer ${other.token}` };
    expect((await server.request('/api/console/projects', { headers: bearer })).status).toBe(401);
  });
});
