import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { z } from 'zod';
import type { cliTokenResponse, deviceAuthorizationResponse } from '@keepsake/wire/console/cli-auth';
import { call, CliError } from './api.ts';

// `keepsake login` (ADR 114): the device grant (RFC 8628) or the loopback grant with PKCE. Both send the device name
// (the hostname, or --device-name) with the token request; the console lists the token under it.

export type Out = { write(text: string): void };
type TokenAnswer = z.infer<typeof cliTokenResponse>;

const clientId = 'keepsake-cli';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** RFC 8628: print the code, poll at `interval`, five seconds slower after each slow_down. */
export async function deviceLogin(url: string, deviceName: string | undefined, out: Out): Promise<TokenAnswer> {
  const started = await call<z.infer<typeof deviceAuthorizationResponse>>(url, '/api/cli/device/code', {
    method: 'POST',
    body: { client_id: clientId, device_name: deviceName },
  });
  if (started.status !== 200) throw new CliError(started.body.error_message ?? `The server answered ${started.status}.`);
  const { device_code, user_code, verification_uri_complete } = started.body;
  out.write(
    `To sign in, open this page in a browser where you are signed in to the console:\n\n  ${verification_uri_complete}\n\nand check that it shows this code${deviceName ? ' and device' : ''}:\n\n  ${user_code}${deviceName ? `\n  ${deviceName}` : ''}\n\nWaiting for approval…\n`,
  );
  let interval = started.body.interval;
  for (;;) {
    await sleep(interval * 1000);
    const polled = await call<TokenAnswer>(url, '/api/cli/token', {
      method: 'POST',
      body: { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', client_id: clientId, device_code, device_name: deviceName },
    });
    if (polled.status === 200) return polled.body;
    if (polled.body.error_type === 'authorization_pending') continue;
    if (polled.body.error_type === 'slow_down') {
      interval += 5;
      continue;
    }
    throw new CliError(polled.body.error_message ?? `The server answered ${polled.status}.`);
  }
}

function openBrowser(target: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  try {
    const child = spawn(command, [target], { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // No browser here: the URL is printed anyway.
  }
}

/** The loopback grant: a listener on 127.0.0.1 receives the browser with a one-time code, exchanged with PKCE. */
export async function browserLogin(url: string, deviceName: string | undefined, out: Out): Promise<TokenAnswer> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const state = randomBytes(16).toString('base64url');
  return new Promise<TokenAnswer>((resolve, reject) => {
    const server = createServer((request, response) => {
      const received = new URL(request.url ?? '/', 'http://127.0.0.1');
      if (received.pathname !== '/callback') {
        response.writeHead(404).end();
        return;
      }
      const code = received.searchParams.get('code');
      if (received.searchParams.get('state') !== state || !code) {
        response.writeHead(400, { 'content-type': 'text/plain' }).end('This sign-in does not match the one the CLI started.');
        return;
      }
      call<TokenAnswer>(url, '/api/cli/token', {
        method: 'POST',
        body: { grant_type: 'authorization_code', client_id: clientId, code, code_verifier: verifier, redirect_uri: redirectUri, device_name: deviceName },
      }).then(
        (answer) => {
          if (answer.status !== 200) {
            response.writeHead(400, { 'content-type': 'text/plain' }).end(answer.body.error_message ?? 'Sign-in failed.');
            server.close();
            reject(new CliError(answer.body.error_message ?? `The server answered ${answer.status}.`));
            return;
          }
          response.writeHead(302, { location: `${url}/cli-signin/success` }).end();
          server.close();
          resolve(answer.body);
        },
        (error: unknown) => {
          response.writeHead(502).end();
          server.close();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
    let redirectUri = '';
    server.listen(0, '127.0.0.1', () => {
      redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
      const params = new URLSearchParams({ redirect_uri: redirectUri, state, code_challenge: challenge });
      const target = `${url}/cli-signin?${params.toString()}`;
      out.write(`Opening your browser to sign in. If it does not open, visit:\n\n  ${target}\n\nWaiting for the browser…\n`);
      openBrowser(target);
    });
  });
}
