/**
 * The one fetch helper of the web app. Same-origin cookies, JSON in and out, and
 * every failure thrown as an {@link ApiError} parsed from the spec §8 error body
 * `{ status_code, request_id, error_type, error_message }`.
 */
import type { errorResponseSchema } from '@keepsake/wire/errors';
import type { z } from 'zod';

/** The spec §8 error body as far as it came (a proxy may answer with something else, or `{message}`). */
export type ApiErrorBody = Partial<z.infer<typeof errorResponseSchema>> & { message?: string };

export type ApiErrorInit = {
  status: number;
  errorType: string;
  message: string;
  requestId?: string | undefined;
};

/** A failed call: `status` 0 means the server could not be reached. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly errorType: string;
  readonly requestId: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.errorType = init.errorType;
    this.requestId = init.requestId;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Serialised as JSON. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
};

/** Appends the defined query values to a path. */
export function withQuery(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function errorFromBody(status: number, statusText: string, body: unknown): ApiError {
  const parsed = (body && typeof body === 'object' ? body : {}) as ApiErrorBody;
  return new ApiError({
    status: typeof parsed.status_code === 'number' ? parsed.status_code : status,
    errorType: parsed.error_type ?? 'unknown_error',
    message: parsed.error_message ?? parsed.message ?? (statusText || 'Invalid or no response from server'),
    requestId: parsed.request_id,
  });
}

/**
 * Calls the API and returns the parsed JSON body.
 *
 * @example
 * const { projects } = await apiFetch<{ projects: Project[] }>('/api/console/projects');
 */
export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, headers = {}, signal } = options;
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...headers },
    signal: signal ?? null,
  };
  if (method !== 'GET') init.cache = 'no-cache';
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
  }

  let response: Response;
  try {
    response = await fetch(withQuery(path, query), init);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, errorType: 'network_error', message: 'Unable to contact our servers.' });
  }

  const text = await response.text();
  let json: unknown = undefined;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      if (response.ok) {
        throw new ApiError({
          status: response.status,
          errorType: 'invalid_json',
          message: 'Invalid JSON response from our servers.',
        });
      }
    }
  }
  if (!response.ok) throw errorFromBody(response.status, response.statusText, json);
  return json as T;
}

/** The shared error text: `[status] message` for API errors. */
export function formatError(error: unknown): string {
  if (error instanceof ApiError) return `[${error.status}] ${error.message}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Statuses worth retrying (spec §8); status 0 is a network failure. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([0, 408, 429, 500, 502, 503, 504]);

export function isRetryableError(error: unknown): boolean {
  return !(error instanceof ApiError) || RETRYABLE_STATUSES.has(error.status);
}
