import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { SignJWT } from 'jose';
import Provider, { type Adapter, type AdapterPayload } from 'oidc-provider';

/** The provider's storage, in memory (its own quick-start one warns on the console, which fails a test). */
const memory = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
class MemoryAdapter implements Adapter {
  private readonly model: string;
  constructor(model: string) {
    this.model = model;
  }
  private key = (id: string) => `${this.model}:${id}`;
  private live(id: string) {
    const entry = memory.get(this.key(id));
    return entry && entry.expiresAt > Date.now() ? entry.payload : undefined;
  }
  async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
    memory.set(this.key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 });
  }
  async find(id: string) {
    return this.live(id);
  }
  async findByUserCode() {
    return undefined;
  }
  async findByUid(uid: string) {
    for (const [key, entry] of memory) if (key.startsWith(`${this.model}:`) && entry.payload.uid === uid) return entry.payload;
    return undefined;
  }
  async consume(id: string) {
    const entry = memory.get(this.key(id));
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id: string) {
    memory.delete(this.key(id));
  }
  async revokeByGrantId(grantId: string) {
    for (const [key, entry] of memory) if (entry.payload.grantId === grantId) memory.delete(key);
  }
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The provider's login page: one field, any name signs in as that account. */
function loginPage(uid: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Stand-in provider: sign in</title></head><body><main>
<h1>Sign in to the stand-in provider</h1>
<form method="post" action="/interaction/${escape(uid)}/login"><label for="login">Account name</label>
<input id="login" name="login" autocomplete="username" required><button type="submit">Sign in</button></form></main></body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** An account of the stand-in provider: its claims, by the login name typed on its dev login page. */
export type OidcAccount = { email: string; email_verified: boolean; given_name: string; family_name: string; picture: string };

const accountClaims = (accounts: Record<string, OidcAccount>, id: string) => {
  const account = accounts[id] ?? { email: `${id}@oidc.example`, email_verified: true, given_name: id, family_name: 'Tester', picture: '' };
  return { sub: id, ...account, name: `${account.given_name} ${account.family_name}` };
};

/** Where the stand-in hands out Google One Tap credentials (`POST`, JSON `{ client_id, login, nonce? }`). */
export const ONE_TAP_CREDENTIAL_PATH = '/google/one-tap/credential';

/**
 * A real OpenID Connect provider (`oidc-provider`) running in the test process: discovery, its own login page
 * (dev interactions: any login name signs in as that account), authorization code with PKCE, ID tokens signed
 * with its own keys and a userinfo endpoint. It stands in for Google and the other OIDC providers (docs/oauth.md).
 * Listen first (`issuer` is known), then `register` the client once the server under test knows its callback.
 */
export async function startOidcStandIn(accounts: Record<string, OidcAccount> = {}) {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => {
    if (handler) handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    issuer,
    accounts,
    /**
     * Starts serving with confidential clients whose redirect URI is the server's callback. Besides the OpenID
     * Connect endpoints it plays Google One Tap's issuing: `POST {issuer}/google/one-tap/credential` answers
     * `{ credential }`, an ID token for a registered client as Google's One Tap hands it to a page (iss
     * https://accounts.google.com, signed with the keys of `{issuer}/jwks`, which the server under test takes as
     * GOOGLE_JWKS_URL). Only Google's UI is replaced in the browser (e2e/support/gsi-stand-in.ts), never a check.
     */
    register(...registered: { clientId: string; clientSecret: string; redirectUri: string }[]) {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const provider = new Provider(issuer, {
        adapter: MemoryAdapter,
        jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'stand-in', use: 'sig', alg: 'RS256' }] as never },
        interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
        ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
        clients: registered.map((client) => ({ client_id: client.clientId, client_secret: client.clientSecret, redirect_uris: [client.redirectUri] })),
        async findAccount(_ctx, id) {
          return {
            accountId: id,
            async claims() {
              return accountClaims(accounts, id);
            },
          };
        },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name', 'picture'] },
        features: { devInteractions: { enabled: false } },
        // Consent is implied: the test signs in, it does not click through a consent page.
        async loadExistingGrant(ctx) {
          const session = ctx.oidc.session;
          const oidcClient = ctx.oidc.client;
          if (!session?.accountId || !oidcClient) return undefined;
          const grant = new ctx.oidc.provider.Grant({ clientId: oidcClient.clientId, accountId: session.accountId });
          grant.addOIDCScope('openid email profile');
          await grant.save();
          return grant;
        },
        cookies: { keys: ['oidc-stand-in-cookie-key'] },
        pkce: { required: () => true },
      });
      const oidcHandler = provider.callback();
      const oneTapCredential = async (req: IncomingMessage, res: ServerResponse) => {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { client_id?: string; login?: string; nonce?: string };
        if (!registered.some((client) => client.clientId === body.client_id) || !body.login) {
          res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_client' }));
          return;
        }
        const credential = await new SignJWT({
          ...accountClaims(accounts, body.login),
          azp: body.client_id,
          ...(body.nonce ? { nonce: body.nonce } : {}),
        })
          .setProtectedHeader({ alg: 'RS256', kid: 'stand-in', typ: 'JWT' })
          .setIssuer('https://accounts.google.com')
          .setAudience(body.client_id!)
          .setIssuedAt()
          .setExpirationTime('10m')
          .sign(privateKey);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ credential }));
      };
      handler = (req, res) => {
        if (req.method === 'POST' && req.url === ONE_TAP_CREDENTIAL_PATH) {
          void oneTapCredential(req, res).catch((error: unknown) => res.writeHead(500).end(String(error)));
          return;
        }
        const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(req.url ?? '');
        if (!match) {
          void oidcHandler(req, res);
          return;
        }
        void (async () => {
          try {
            if (!match[2]) {
              const details = await provider.interactionDetails(req, res);
              res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage(details.uid));
              return;
            }
            const login = (await readForm(req)).get('login') ?? '';
            await provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
          } catch (error) {
            res.writeHead(400, { 'content-type': 'text/plain' }).end(`stand-in interaction failed: ${String(error)}`);
          }
        })();
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Drives a browser through the stand-in's pages without a browser: follows redirects with a cookie jar, fills the
 * dev login form with `login`, and resolves the first redirect that leaves the provider (the callback URL).
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  const origin = url.origin;
  let init: RequestInit = {};
  for (let hop = 0; hop < 20; hop++) {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie } });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (url.origin !== origin) return url;
      init = {};
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/i.exec(html)?.[1];
    if (!action) throw new Error(`the provider answered ${res.status} without a redirect or a form: ${html.slice(0, 300)}`);
    url = new URL(action, url);
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ login, password: 'any' }).toString(),
    };
  }
  throw new Error('too many redirects at the provider');
}
