import { readCredentials, type Credentials } from './credentials.ts';

/** A failure to show the developer as it is: one line, no stack (main.ts prints `keepsake: <message>`). */
export class CliError extends Error {
  override name = 'CliError';
}

/** The spec's error body, as far as the CLI reads it. */
type ErrorAnswer = { error_type?: string; error_message?: string };

export type Answer<T> = { status: number; body: T & ErrorAnswer };

/**
 * One JSON call to a Keepsake server. Never throws on an HTTP status; a server that cannot be reached, or that
 * does not answer JSON, is a CliError naming the URL.
 */
export async function call<T>(
  url: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  let response: Response;
  try {
    response = await fetch(`${url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new CliError(`Cannot reach the Keepsake server at ${url} (${cause?.code ?? cause?.message ?? (error as Error).message}).`);
  }
  const text = await response.text();
  try {
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as T & ErrorAnswer };
  } catch {
    throw new CliError(`The server at ${url} answered ${response.status} with something other than JSON. Is --url a Keepsake server?`);
  }
}

/** The server's message for a failed call. */
export function failure(answer: Answer<unknown>): CliError {
  return new CliError(answer.body.error_message ?? `The server answered ${answer.status}.`);
}

/** The stored credentials, or a CliError telling the developer to sign in. */
export function signedIn(): Credentials {
  const credentials = readCredentials();
  if (!credentials) throw new CliError('Not signed in. Run: npm run keepsake -- login');
  return credentials;
}

/** The console API as the signed-in developer (ADR 114): the CLI token in place of the session cookie. */
export function consoleApi(credentials: Credentials = signedIn()) {
  const send = async <T>(method: string, path: string, expected: number, body?: unknown, headers?: Record<string, string>) => {
    const answer = await call<T>(credentials.url, path, { method, body, token: credentials.token, headers });
    if (answer.status !== expected) throw failure(answer);
    return answer.body as T;
  };
  return {
    url: credentials.url,
    get: <T>(path: string) => send<T>('GET', path, 200),
    post: <T>(path: string, body: unknown, headers?: Record<string, string>) => send<T>('POST', path, 201, body, headers),
    delete: <T>(path: string) => send<T>('DELETE', path, 200),
    /** A POST whose failure is an answer, not an exception (a CSV row that fails does not stop the others). */
    tryPost: <T>(path: string, body: unknown, headers?: Record<string, string>) =>
      call<T>(credentials.url, path, { method: 'POST', body, token: credentials.token, headers }),
  };
}

export type ConsoleApi = ReturnType<typeof consoleApi>;
