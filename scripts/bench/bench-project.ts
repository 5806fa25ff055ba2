// What the benchmarks set up in a fresh server before measuring: a project through the operator API (its
// all-scopes staging key), and a console session for its owner through the email passcode sign-in, the passcode
// read from the dev mailbox (a bench server runs without SMTP, so mail lands there): its table on PostgreSQL, or
// GET /api/dev/mailbox when the database is the server's own PGlite.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';

/** Creates a project owned by `ownerEmail` with the operator secret in `dataDir`; answers its id and staging key. */
export async function operatorProject(serverUrl: string, dataDir: string, name: string, ownerEmail = 'bench@bench.example') {
  const secret = readFileSync(join(dataDir, 'operator.secret'), 'utf8').trim();
  const res = await fetch(`${serverUrl}/api/operator/projects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ownerEmail, name }),
  });
  if (res.status !== 201) throw new Error(`operator/projects answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { projectId: string; apiKey: string };
}

/** The newest passcode the dev mailbox holds for `email`, over HTTP (the newest 200 messages). */
export async function mailboxPasscode(serverUrl: string, email: string): Promise<string | undefined> {
  const res = await fetch(`${serverUrl}/api/dev/mailbox`);
  if (res.status !== 200) throw new Error(`/api/dev/mailbox answered ${res.status}`);
  const { messages } = (await res.json()) as { messages: Array<{ to: string; text: string }> };
  return messages.filter((m) => m.to === email).map((m) => /\b(\d{6})\b/.exec(m.text)?.[1])[0];
}

/**
 * Signs `email` in to the console (passcode from the dev mailbox: from its table through `db`, or over HTTP
 * without it) and answers the session cookie.
 */
export async function consoleSession(serverUrl: string, db: pg.Client | undefined, email: string): Promise<string> {
  const { publicToken } = (await (await fetch(`${serverUrl}/api/platform`)).json()) as { publicToken: string };
  const headers = { authorization: `Basic ${Buffer.from(`${publicToken}:`).toString('base64')}`, 'content-type': 'application/json' };
  const post = async (path: string, body: unknown, extra: Record<string, string> = headers) => {
    const res = await fetch(`${serverUrl}${path}`, { method: 'POST', headers: extra, body: JSON.stringify(body) });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return res;
  };
  await db?.query('delete from dev_mailbox where "to" = $1', [email]);
  const sent = (await (await post('/sdk/v1/otps/email/login_or_create', { email })).json()) as { data: { email_id: string } };
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++) {
    if (db) {
      const { rows } = await db.query<{ text: string }>('select text from dev_mailbox where "to" = $1 order by created_at desc', [email]);
      code = rows.map((r) => /\b(\d{6})\b/.exec(r.text)?.[1]).find(Boolean);
    } else code = await mailboxPasscode(serverUrl, email);
    if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!code) throw new Error(`no passcode reached the dev mailbox for ${email}`);
  const auth = (await (await post('/sdk/v1/otps/authenticate', { token: code, method_id: sent.data.email_id, session_duration_minutes: 600 })).json()) as {
    data: { session_token: string };
  };
  const session = await post('/api/session/authenticate', { session_token: auth.data.session_token }, { 'content-type': 'application/json' });
  const cookie = session.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('/api/session/authenticate set no session cookie');
  return cookie;
}
