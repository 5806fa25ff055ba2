// Discord's OAuth 2.0 endpoints, standing in for discord.com in tests (the product app's Discord sign-in, ADR 104):
// an authorization page with a login form (like the OpenID Connect stand-in's, so `signInAtProvider` and a browser
// drive both alike), the token endpoint with PKCE (S256) and HTTP Basic client credentials, and /users/@me. The
// shapes are Discord's documented ones (OAuth2 token response; the User object with id, username, global_name,
// avatar, email, verified). The account signed in as `login` is `{login}@discord.example`, verified.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

type PendingCode = { login: string; clientId: string; redirectUri: string; codeChallenge: string | null };

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the stand-in; `register` names the one client it accepts. `endpoints` is the OAUTH_ENDPOINTS entry. */
export async function startDiscordStandIn() {
  let client: { clientId: string; clientSecret: string } | undefined;
  const codes = new Map<string, PendingCode>();
  const tokens = new Map<string, string>();

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (req.method === 'GET' && url.pathname === '/oauth2/authorize') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><head><title>Discord stand-in</title><link rel="icon" href="data:,"></head><body><main><h1>Authorize</h1>` +
          `<form method="post" action="/oauth2/authorize/submit?request=${Buffer.from(url.searchParams.toString()).toString('base64url')}">` +
          `<label>Account name <input name="login" autocomplete="off"></label><button type="submit">Authorize</button></form></main></body></html>`,
      );
      return;
    }
    if (req.method === 'POST' && url.pathname === '/oauth2/authorize/submit') {
      const asked = new URLSearchParams(Buffer.from(url.searchParams.get('request') ?? '', 'base64url').toString('utf8'));
      const login = new URLSearchParams(await bodyOf(req)).get('login') || 'discord-user';
      const redirectUri = asked.get('redirect_uri') ?? '';
      if (!client || asked.get('client_id') !== client.clientId || !redirectUri) return json(res, 400, { error: 'invalid_client' });
      const code = randomBytes(16).toString('hex');
      codes.set(code, { login, clientId: client.clientId, redirectUri, codeChallenge: asked.get('code_challenge') });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', asked.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      res.end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/api/oauth2/token') {
      const form = new URLSearchParams(await bodyOf(req));
      const expected = client ? `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}` : undefined;
      if (!expected || req.headers.authorization !== expected) return json(res, 401, { error: 'invalid_client' });
      const pending = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challengeOk = !pending?.codeChallenge || createHash('sha256').update(verifier).digest('base64url') === pending.codeChallenge;
      if (!pending || pending.redirectUri !== form.get('redirect_uri') || !challengeOk) return json(res, 400, { error: 'invalid_grant' });
      const accessToken = randomBytes(16).toString('hex');
      tokens.set(accessToken, pending.login);
      return json(res, 200, {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: 604800,
        refresh_token: randomBytes(16).toString('hex'),
        scope: 'identify email',
      });
    }
    if (req.method === 'GET' && url.pathname === '/api/users/@me') {
      const login = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!login) return json(res, 401, { message: '401: Unauthorized', code: 0 });
      const id = BigInt(`0x${createHash('sha256').update(login).digest('hex').slice(0, 15)}`).toString();
      return json(res, 200, { id, username: login, global_name: login, avatar: null, email: `${login}@discord.example`, verified: true });
    }
    json(res, 404, { message: '404: Not Found', code: 0 });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => json(res, 500, { message: 'stand-in failure' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    /** The OAUTH_ENDPOINTS entry for discord. */
    endpoints: { authorization: `${url}/oauth2/authorize`, token: `${url}/api/oauth2/token`, user: `${url}/api/users/@me` },
    register(registered: { clientId: string; clientSecret: string }) {
      client = registered;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
