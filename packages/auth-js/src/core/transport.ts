// Spec §7 transport: `{api}/sdk/v1`, Basic auth `public_token:session_token` (or `public_token:public_token`),
// JSON bodies, credentials included, the `x-sdk-client` and `x-sdk-parent-host` headers, the payload read from
// `data`. A failed request (no answer, or a retryable status) is sent once more; an answer that says
// 'Captcha required' is sent once more with a captcha token from the client's captcha provider.
import { ApiError, InvalidJsonResponseError, InvalidResponseError, SchemaError, ServerUnreachableError, type ApiErrorBody } from '../errors.ts';
import { base64Utf8, sdkClientHeader, type ClientInfo } from './sdk-client-header.ts';

/** What a captcha provider answers: the token, or the token and a device-fingerprint telemetry id. */
export type CaptchaSolution = string | { captchaToken: string; dfpTelemetryId?: string };

/**
 * Solves a captcha when the server asks for one (spec §9: action `LOGIN`; `siteKey` from the project's
 * bootstrap when it has captcha on).
 */
export type CaptchaProvider = (request: { action: 'LOGIN'; siteKey: string | undefined }) => CaptchaSolution | Promise<CaptchaSolution>;

/** What the transport needs from its client. */
/** Sends calls to /sdk/v1. */
export type TransportConfig = {
  /** The API base, without `/sdk/v1`. */
  baseUrl: string;
  publicToken: string;
  clientInfo: ClientInfo;
  /** The page's origin, sent as `x-sdk-parent-host`. */
  parentHost: string;
  /** The current session token, if any. */
  sessionToken: () => string | undefined;
  captcha: CaptchaProvider | undefined;
  captchaSiteKey: () => Promise<string | undefined>;
  fetch: typeof fetch;
  newId: () => string;
};

/** The methods /sdk/v1 uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One call to /sdk/v1. */
export type TransportRequest = {
  method: HttpMethod;
  /** Path under `/sdk/v1`, e.g. `/otps/authenticate`. */
  path: string;
  body?: Record<string, unknown> | unknown[] | undefined;
  /** Send the session token (default) or the public token only. */
  auth?: 'session' | 'public';
  /** Whether a failed request is sent once more (default true). */
  retry?: boolean;
  /** Whether a 'Captcha required' answer is retried with a captcha token (default true). */
  captchaRetry?: boolean;
  /** Let the request outlive the page (telemetry sent on page hide). */
  keepalive?: boolean;
};

/** Statuses worth one more try (spec §8). 429 only when the server asks for a short wait. */
const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
const LONGEST_RETRY_WAIT_MS = 2_000;

/** The wait before retrying a response, or undefined when it is not worth retrying. */
function retryWait(response: Response): number | undefined {
  if (!RETRYABLE_STATUSES.has(response.status)) return undefined;
  if (response.status !== 429) return 0;
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds >= 0 && seconds * 1000 <= LONGEST_RETRY_WAIT_MS ? seconds * 1000 : undefined;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  const body = value as Partial<ApiErrorBody> | null;
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof body.status_code === 'number' &&
    typeof body.error_type === 'string' &&
    typeof body.error_message === 'string'
  );
}

function apiErrorOf(body: ApiErrorBody): ApiError {
  const complete: ApiErrorBody = {
    status_code: body.status_code,
    request_id: typeof body.request_id === 'string' ? body.request_id : '',
    error_type: body.error_type,
    error_message: body.error_message,
    error_url: typeof body.error_url === 'string' ? body.error_url : '',
  };
  return complete.error_type === 'invalid_request' && complete.status_code === 400 ? new SchemaError(complete) : new ApiError(complete);
}

/** Spec §7: the captcha-required answer's text includes 'Captcha required'. */
export function isCaptchaRequired(error: unknown): boolean {
  return error instanceof ApiError && error.error_message.includes('Captcha required');
}

function solutionFields(solution: CaptchaSolution): Record<string, string> {
  if (typeof solution === 'string') return { captcha_token: solution };
  return { captcha_token: solution.captchaToken, ...(solution.dfpTelemetryId ? { dfp_telemetry_id: solution.dfpTelemetryId } : {}) };
}

export type Transport = {
  /** Sends one call and returns its `data`. Throws the §8 errors of `../errors.ts`. */
  request<T>(request: TransportRequest): Promise<T>;
  /** The Authorization header the next call would carry. */
  authorization(auth?: 'session' | 'public'): string;
};

/** The §7 transport of one client. */
export function createTransport(config: TransportConfig): Transport {
  const authorization = (auth: 'session' | 'public' = 'session') => {
    const secret = (auth === 'session' ? config.sessionToken() : undefined) || config.publicToken;
    return `Basic ${base64Utf8(`${config.publicToken}:${secret}`)}`;
  };

  async function send(request: TransportRequest, body: TransportRequest['body']): Promise<Response> {
    const headers: Record<string, string> = {
      Authorization: authorization(request.auth),
      'X-SDK-Client': sdkClientHeader(config.clientInfo, config.newId()),
      'X-SDK-Parent-Host': config.parentHost,
    };
    // A POST always says JSON, even with no body (spec: sessions/revoke is sent that way).
    if (body !== undefined || request.method === 'POST') headers['Content-Type'] = 'application/json';
    return config.fetch(`${config.baseUrl}/sdk/v1${request.path}`, {
      method: request.method,
      headers,
      credentials: 'include',
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      ...(request.keepalive ? { keepalive: true } : {}),
    });
  }

  /** One exchange, with the single retry of a failed request. */
  async function exchange<T>(request: TransportRequest, body: TransportRequest['body']): Promise<T> {
    let retried = request.retry === false;
    for (;;) {
      let response: Response;
      try {
        response = await send(request, body);
      } catch (cause) {
        if (!retried) {
          retried = true;
          continue;
        }
        throw new ServerUnreachableError({ cause, details: `${request.method} ${request.path} got no answer.` });
      }
      const wait = retried ? undefined : retryWait(response);
      if (wait !== undefined) {
        retried = true;
        await response.body?.cancel().catch(() => undefined);
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        continue;
      }
      return read<T>(request, response);
    }
  }

  async function read<T>(request: TransportRequest, response: Response): Promise<T> {
    const where = `${request.method} ${request.path} answered HTTP ${response.status}`;
    let text: string;
    try {
      text = await response.text();
    } catch (cause) {
      throw new InvalidResponseError({ cause, details: `${where} with a body that could not be read.` });
    }
    if (text === '') throw new InvalidResponseError({ details: `${where} with no body.` });
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (cause) {
      throw new InvalidJsonResponseError({ cause, details: `${where} with a body that is not JSON.` });
    }
    if (response.ok) {
      if (typeof json === 'object' && json !== null && 'data' in json) return (json as { data: T }).data;
      throw new InvalidResponseError({ details: `${where} without a data field.` });
    }
    if (isErrorBody(json)) throw apiErrorOf(json);
    throw new InvalidResponseError({ details: `${where} without an error_type.` });
  }

  return {
    authorization,
    async request<T>(request: TransportRequest): Promise<T> {
      try {
        return await exchange<T>(request, request.body);
      } catch (error) {
        const canSolve = config.captcha && request.captchaRetry !== false && request.method === 'POST' && !Array.isArray(request.body);
        if (!canSolve || !isCaptchaRequired(error)) throw error;
        const solution = await config.captcha!({ action: 'LOGIN', siteKey: await config.captchaSiteKey() });
        const body = { ...(request.body as Record<string, unknown> | undefined), ...solutionFields(solution) };
        return exchange<T>(request, body);
      }
    },
  };
}
