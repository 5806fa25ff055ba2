// The transport against a real HTTP server on 127.0.0.1 that answers what each test scripts.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, InvalidJsonResponseError, InvalidResponseError, SchemaError, ServerUnreachableError } from '../errors.ts';
import { SDK_VERSION } from '../version.ts';
import { createTransport, type CaptchaProvider, type TransportConfig } from './transport.ts';

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };
type Handler = (request: Seen, response: ServerResponse) => void;

let server: Server;
let base = '';
let seen: Seen[] = [];
let answers: Handler[] = [];

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  };
const errorBody = (status: number, type: string, message: string) => ({
  status_code: status,
  request_id: 'request-id-1',
  error_type: type,
  error_message: message,
  error_url: `http://127.0.0.1/docs/errors#${type}`,
});

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const entry = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
      seen.push(entry);
      const answer = answers.shift() ?? json(500, errorBody(500, 'internal_server_error', 'no scripted answer'));
      answer(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  answers = [];
});

function transport(overrides: Partial<TransportConfig> = {}) {
  return createTransport({
    baseUrl: base,
    publicToken: 'public-token-test-abc',
    clientInfo: { appSessionId: 'app-1', persistentId: 'device-1', appIdentifier: 'shop.example.com' },
    parentHost: 'https://shop.example.com',
    sessionToken: () => undefined,
    captcha: undefined,
    captchaSiteKey: async () => 'site-key-1',
    fetch: (input, init) => fetch(input, init),
    newId: () => 'id-1',
    ...overrides,
  });
}

async function failureOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

describe('transport (spec §7)', () => {
  it('sends Basic public_token:public_token, the SDK headers and JSON, and returns data', async () => {
    answers.push(json(200, { data: { request_id: 'r', status_code: 200, email_id: 'email-1' } }));
    const data = await transport().request<{ email_id: string }>({ method: 'POST', path: '/otps/email/login_or_create', body: { email: 'ada@example.com' } });
    expect(data.email_id).toBe('email-1');
    const [request] = seen;
    expect(request!.url).toBe('/sdk/v1/otps/email/login_or_create');
    expect(request!.headers.authorization).toBe(`Basic ${btoa('public-token-test-abc:public-token-test-abc')}`);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['x-sdk-parent-host']).toBe('https://shop.example.com');
    const client = JSON.parse(atob(request!.headers['x-sdk-client'] as string));
    expect(client).toMatchObject({ sdk: { identifier: '@keepsake/auth-js', version: SDK_VERSION }, app: { identifier: 'shop.example.com' } });
    expect(SDK_VERSION).toBe('5.22.0');
    expect(JSON.parse(request!.body)).toEqual({ email: 'ada@example.com' });
  });

  it('sends the session token when there is one, and a POST without body as JSON with an empty body', async () => {
    answers.push(json(200, { data: {} }));
    await transport({ sessionToken: () => 'session-token-1' }).request({ method: 'POST', path: '/sessions/revoke' });
    expect(seen[0]!.headers.authorization).toBe(`Basic ${btoa('public-token-test-abc:session-token-1')}`);
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(seen[0]!.body).toBe('');
  });

  it('throws API errors with the §8 fields, and schema errors for invalid_request', async () => {
    answers.push(json(404, errorBody(404, 'otp_code_not_found', 'The passcode is wrong or expired.')));
    const error = await failureOf(transport().request({ method: 'POST', path: '/otps/authenticate', body: {} }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status_code: 404,
      error_type: 'otp_code_not_found',
      error_message: 'The passcode is wrong or expired.',
      request_id: 'request-id-1',
    });
    expect((error as ApiError).shortMessage).toBe('[404] otp_code_not_found');

    answers.push(json(400, errorBody(400, 'invalid_request', 'Request does not match expected schema. token: must be a string')));
    const schema = await failureOf(transport().request({ method: 'POST', path: '/otps/authenticate', body: {} }));
    expect(schema).toBeInstanceOf(SchemaError);
    expect((schema as SchemaError).shortMessage).toBe('[400] Request does not match expected schema');
    expect((schema as SchemaError).details).toContain('token: must be a string');
    expect(seen).toHaveLength(2); // neither is retried
  });

  it('retries a retryable status once', async () => {
    answers.push(json(503, errorBody(503, 'sms_send_failed', 'down')), json(200, { data: { ok: 1 } }));
    expect(await transport().request({ method: 'GET', path: '/users/me' })).toEqual({ ok: 1 });
    expect(seen).toHaveLength(2);

    seen = [];
    answers.push(json(502, errorBody(502, 'bad_gateway', 'down')), json(502, errorBody(502, 'bad_gateway', 'still down')));
    const error = await failureOf(transport().request({ method: 'GET', path: '/users/me' }));
    expect((error as ApiError).error_message).toBe('still down');
    expect(seen).toHaveLength(2);
  });

  it('does not retry a 429 that asks for a long wait, nor when retry is off', async () => {
    answers.push(json(429, errorBody(429, 'too_many_requests', 'slow down'), { 'retry-after': '600' }));
    expect(((await failureOf(transport().request({ method: 'POST', path: '/otps/email/login_or_create', body: {} }))) as ApiError).status_code).toBe(429);
    expect(seen).toHaveLength(1);
    answers.push(json(503, errorBody(503, 'x', 'down')));
    await failureOf(transport().request({ method: 'POST', path: '/sessions/authenticate', retry: false }));
    expect(seen).toHaveLength(2);
  });

  it('names answers that are not the protocol', async () => {
    answers.push((_q, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html>proxy</html>'));
    const notJson = await failureOf(transport().request({ method: 'GET', path: '/users/me' }));
    expect(notJson).toBeInstanceOf(InvalidJsonResponseError);
    expect((notJson as InvalidJsonResponseError).shortMessage).toBe('Invalid JSON response from our servers.');

    answers.push(json(200, { user_id: 'no envelope' }));
    const noData = await failureOf(transport().request({ method: 'GET', path: '/users/me' }));
    expect(noData).toBeInstanceOf(InvalidResponseError);
    expect((noData as InvalidResponseError).shortMessage).toBe('Invalid or no response from server');

    answers.push((_q, response) => response.writeHead(200).end());
    expect(await failureOf(transport().request({ method: 'GET', path: '/users/me' }))).toBeInstanceOf(InvalidResponseError);

    answers.push(json(403, { message: 'forbidden by a proxy' }));
    expect(await failureOf(transport().request({ method: 'GET', path: '/users/me' }))).toBeInstanceOf(InvalidResponseError);
  });

  it('reports an unreachable server after one retry', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    let calls = 0;
    const error = await failureOf(
      transport({
        baseUrl: `http://127.0.0.1:${port}`,
        fetch: (input, init) => {
          calls++;
          return fetch(input, init);
        },
      }).request({ method: 'GET', path: '/users/me' }),
    );
    expect(error).toBeInstanceOf(ServerUnreachableError);
    expect((error as ServerUnreachableError).shortMessage).toBe('Unable to contact our servers.');
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(calls).toBe(2);
  });

  it("retries a 'Captcha required' answer once with the provider's token and telemetry id", async () => {
    const asked: Array<Parameters<CaptchaProvider>[0]> = [];
    const captcha: CaptchaProvider = (request) => {
      asked.push(request);
      return { captchaToken: 'captcha-1', dfpTelemetryId: 'dfp-1' };
    };
    answers.push(json(400, errorBody(400, 'captcha_required', 'Captcha required. Solve the captcha.')), json(200, { data: { sent: true } }));
    expect(await transport({ captcha }).request({ method: 'POST', path: '/otps/email/login_or_create', body: { email: 'a@b.co' } })).toEqual({ sent: true });
    expect(asked).toEqual([{ action: 'LOGIN', siteKey: 'site-key-1' }]);
    expect(JSON.parse(seen[1]!.body)).toEqual({ email: 'a@b.co', captcha_token: 'captcha-1', dfp_telemetry_id: 'dfp-1' });

    // Refused again: no third try.
    seen = [];
    answers.push(
      json(400, errorBody(400, 'captcha_required', 'Captcha required. Solve the captcha.')),
      json(400, errorBody(400, 'captcha_failed', 'Captcha required: the captcha token was not accepted.')),
    );
    const error = await failureOf(transport({ captcha: () => 'bad' }).request({ method: 'POST', path: '/users/search', body: { email: 'a@b.co' } }));
    expect((error as ApiError).error_type).toBe('captcha_failed');
    expect(seen).toHaveLength(2);
    expect(JSON.parse(seen[1]!.body)).toEqual({ email: 'a@b.co', captcha_token: 'bad' });
  });

  it('passes a captcha answer through when no provider is configured', async () => {
    answers.push(json(400, errorBody(400, 'captcha_required', 'Captcha required. Solve the captcha.')));
    expect(((await failureOf(transport().request({ method: 'POST', path: '/users/search', body: {} }))) as ApiError).error_type).toBe('captcha_required');
    expect(seen).toHaveLength(1);
  });
});
