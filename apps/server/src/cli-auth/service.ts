import { randomInt, randomUUID, hash } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { InvalidInputError, ResourceNotFoundError, TooManyRequestsError } from '../platform/domain-errors.ts';
import { errorTypes } from '../platform/error-types.ts';
import type { RateLimiter } from '../platform/rate-limiter.ts';
import { randomToken, sha256Hex } from '../platform/secrets.ts';
import type { CliAuthorizationRow } from './store.ts';
import * as store from './store.ts';

/** How long a device code and user code live (RFC 8628 `expires_in`), and the first polling interval. */
export const DEVICE_CODE_SECONDS = 600;
export const POLL_INTERVAL_SECONDS = 5;
/** How long the loopback grant's one-time code lives between the browser redirect and the CLI's exchange. */
const LOOPBACK_CODE_SECONDS = 120;
/** RFC 8628 §6.1: a consonant-only alphabet (no vowels, no look-alikes), 20^8 ≈ 2^34.6 codes. */
const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
export const CLI_TOKEN_PREFIX = 'kst_cli_';
const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * RFC 8628 §5.1: the user code is short enough to guess at, so its look-ups and decisions are limited per signed-in
 * developer and per IP, and device codes (each a new code to find) per IP; all per 10 minutes (docs/cli.md). A person
 * starts a login or two and checks a code a few times; these leave room for an office behind one address.
 */
export const cliAuthLimits = { windowSeconds: 600, deviceCodesPerIp: 30, userCodeChecksPerUser: 30, userCodeChecksPerIp: 60 } as const;

/** A token-endpoint refusal in RFC 8628 words (`authorization_pending`, `slow_down`, …), answered 400. */
export class DeviceGrantError extends InvalidInputError {}

export function normalizeUserCode(userCode: string): string {
  return userCode.replace(/[\s-]/g, '').toUpperCase();
}

function newUserCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += USER_CODE_ALPHABET[randomInt(0, USER_CODE_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** Only http://127.0.0.1, localhost or [::1] with a port: the CLI's own listener (RFC 8252 §7.3). */
export function isLoopbackRedirect(uri: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  return url.protocol === 'http:' && loopbackHosts.has(url.hostname) && url.port !== '' && !url.username && !url.password && !url.hash;
}

function s256(verifier: string): string {
  return hash('sha256', verifier, 'base64url');
}

/** Who is asking: the client's IP and, in the console, the signed-in developer. */
export type CliCaller = { ip: string; userId?: string };

/** CLI sign-in (ADR 114): the device grant, the loopback grant and the CLI tokens they issue. */
export function createCliAuthService(ctx: Pick<AppContext, 'db' | 'config'>, deps: { limiter: RateLimiter }) {
  const db = ctx.db;
  const now = () => new Date();

  /** Counts one call in each bucket, the IP's first. @throws TooManyRequestsError with `what` and when to retry */
  async function limit(what: string, buckets: Array<[bucket: string, limit: number]>): Promise<void> {
    try {
      for (const [bucket, max] of buckets) await deps.limiter.hit(bucket, max, cliAuthLimits.windowSeconds);
    } catch (error) {
      if (!(error instanceof TooManyRequestsError)) throw error;
      throw new TooManyRequestsError(error.retryAfterSeconds, `${what} Try again in ${error.retryAfterSeconds} seconds.`);
    }
  }

  /** A user-code look-up, approval or denial. @throws TooManyRequestsError */
  const limitUserCodeCheck = (caller: CliCaller) =>
    limit('Too many CLI sign-in codes checked.', [
      [`cli-user-code:ip:${caller.ip}`, cliAuthLimits.userCodeChecksPerIp],
      ...(caller.userId ? [[`cli-user-code:user:${caller.userId}`, cliAuthLimits.userCodeChecksPerUser] as [string, number]] : []),
    ]);

  async function issueToken(userId: string, deviceName: string | undefined) {
    const token = `${CLI_TOKEN_PREFIX}${randomToken(32)}`;
    const id = randomUUID();
    await store.insertToken(db, { id, userId, tokenHash: sha256Hex(token), hint: token.slice(-4), deviceName: deviceName ?? null });
    return { access_token: token, token_type: 'Bearer' as const, token_id: id };
  }

  /** A pending device authorization the console may decide on. @throws ResourceNotFoundError, DeviceGrantError (expired). */
  async function pendingByUserCode(userCode: string): Promise<CliAuthorizationRow> {
    const row = await store.findByUserCode(db, sha256Hex(normalizeUserCode(userCode)));
    if (!row || row.status !== 'pending') throw new ResourceNotFoundError('That code is not valid. Check it against the one your terminal shows.');
    if (row.expiresAt <= now()) throw new DeviceGrantError('That code has expired. Run keepsake login again.', errorTypes.expiredToken);
    return row;
  }

  return {
    /**
     * RFC 8628 §3.1–3.2: a device code for the CLI and a user code for the developer, under the CLI's device name.
     * @throws TooManyRequestsError
     */
    async startDevice(caller: CliCaller, deviceName?: string) {
      await limit('Too many CLI sign-ins started from this address.', [[`cli-device-code:ip:${caller.ip}`, cliAuthLimits.deviceCodesPerIp]]);
      const deviceCode = randomToken(32);
      const userCode = newUserCode();
      await store.insertAuthorization(db, {
        id: randomUUID(),
        kind: 'device',
        deviceCodeHash: sha256Hex(deviceCode),
        userCodeHash: sha256Hex(normalizeUserCode(userCode)),
        intervalSeconds: POLL_INTERVAL_SECONDS,
        deviceName: deviceName ?? null,
        expiresAt: new Date(Date.now() + DEVICE_CODE_SECONDS * 1000),
      });
      const verificationUri = `${ctx.config.publicUrl}/console/authorize-device`;
      return {
        device_code: deviceCode,
        user_code: userCode,
        verification_uri: verificationUri,
        verification_uri_complete: `${verificationUri}?user_code=${encodeURIComponent(userCode)}`,
        expires_in: DEVICE_CODE_SECONDS,
        interval: POLL_INTERVAL_SECONDS,
      };
    },

    /**
     * RFC 8628 §3.4–3.5: one poll of the token endpoint.
     * @throws DeviceGrantError authorization_pending, slow_down, access_denied, expired_token or invalid_grant.
     */
    async pollDevice(deviceCode: string, deviceName?: string) {
      const row = await store.findByDeviceCode(db, sha256Hex(deviceCode));
      if (!row) throw new DeviceGrantError('The device code is not valid.', errorTypes.invalidGrant);
      if (row.status === 'consumed') throw new DeviceGrantError('The device code was already used.', errorTypes.invalidGrant);
      const at = now();
      if (row.expiresAt <= at) throw new DeviceGrantError('The device code has expired. Run keepsake login again.', errorTypes.expiredToken);
      if (row.status === 'denied') throw new DeviceGrantError('The sign-in was denied in the console.', errorTypes.accessDenied);
      if (row.status === 'approved' && row.userId) {
        const consumed = await store.transition(db, row.id, 'approved', 'consumed');
        if (!consumed) throw new DeviceGrantError('The device code was already used.', errorTypes.invalidGrant);
        return issueToken(row.userId, deviceName ?? row.deviceName ?? undefined);
      }
      const tooFast = row.lastPolledAt !== null && at.getTime() - row.lastPolledAt.getTime() < row.intervalSeconds * 1000;
      const interval = tooFast ? row.intervalSeconds + 5 : row.intervalSeconds;
      await store.recordPoll(db, row.id, at, interval);
      if (tooFast) throw new DeviceGrantError(`Polling too fast: wait ${interval} seconds between polls.`, errorTypes.slowDown);
      throw new DeviceGrantError('Waiting for the developer to approve the code.', errorTypes.authorizationPending);
    },

    /** The console's look-up of a user code before Approve / Deny. @throws TooManyRequestsError, ResourceNotFoundError, DeviceGrantError */
    async lookupUserCode(caller: CliCaller, userCode: string) {
      await limitUserCodeCheck(caller);
      const row = await pendingByUserCode(userCode);
      return { user_code: userCode.trim().toUpperCase(), expires_at: row.expiresAt.toISOString(), device_name: row.deviceName };
    },

    /** The signed-in developer approves or denies the code their terminal shows. @throws TooManyRequestsError, ResourceNotFoundError, DeviceGrantError */
    async decideDevice(caller: CliCaller & { userId: string }, userCode: string, approve: boolean) {
      const { userId } = caller;
      await limitUserCodeCheck(caller);
      const row = await pendingByUserCode(userCode);
      const status = approve ? 'approved' : 'denied';
      const changed = await store.transition(db, row.id, 'pending', status, userId);
      if (!changed) throw new ResourceNotFoundError('That code is not valid. Check it against the one your terminal shows.');
      return { status } as const;
    },

    /**
     * The loopback grant: the signed-in developer approves in the browser; the browser is sent to the CLI's
     * listener with a one-time code and the CLI's state. @throws InvalidInputError for a non-loopback redirect.
     */
    async approveLoopback(userId: string, input: { redirect_uri: string; state: string; code_challenge: string }) {
      if (!isLoopbackRedirect(input.redirect_uri)) {
        throw new InvalidInputError('redirect_uri must be http://127.0.0.1:<port>/…, http://localhost:<port>/… or http://[::1]:<port>/….');
      }
      const code = randomToken(32);
      await store.insertAuthorization(db, {
        id: randomUUID(),
        kind: 'loopback',
        loopbackCodeHash: sha256Hex(code),
        codeChallenge: input.code_challenge,
        redirectUri: input.redirect_uri,
        status: 'approved',
        userId,
        expiresAt: new Date(Date.now() + LOOPBACK_CODE_SECONDS * 1000),
      });
      const target = new URL(input.redirect_uri);
      target.searchParams.set('code', code);
      target.searchParams.set('state', input.state);
      return { redirect_to: target.toString() };
    },

    /** The CLI exchanges the loopback code with its PKCE verifier; the code is spent by any attempt. */
    async exchangeLoopback(input: { code: string; code_verifier: string; redirect_uri: string; device_name?: string | undefined }) {
      const row = await store.consumeLoopbackCode(db, sha256Hex(input.code));
      const refused = () => new DeviceGrantError('The code is not valid, was already used, or does not match the verifier.', errorTypes.invalidGrant);
      if (!row || !row.userId || row.kind !== 'loopback') throw refused();
      if (row.expiresAt <= now()) throw new DeviceGrantError('The code has expired. Run keepsake login again.', errorTypes.expiredToken);
      if (row.redirectUri !== input.redirect_uri || row.codeChallenge !== s256(input.code_verifier)) throw refused();
      return issueToken(row.userId, input.device_name);
    },

    /** The developer a `kst_cli_…` token acts as, or undefined when unknown or revoked. */
    async authenticateToken(token: string): Promise<{ userId: string; tokenId: string } | undefined> {
      if (!token.startsWith(CLI_TOKEN_PREFIX) || token.length > 200) return undefined;
      const row = await store.findLiveToken(db, sha256Hex(token));
      if (!row) return undefined;
      await store.touchToken(db, row.id, now());
      return { userId: row.userId, tokenId: row.id };
    },

    async listTokens(userId: string) {
      const rows = await store.listLiveTokens(db, userId);
      return {
        tokens: rows.map((row) => ({
          id: row.id,
          hint: row.hint,
          deviceName: row.deviceName,
          createdAt: row.createdAt.toISOString(),
          lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
        })),
      };
    },

    /** @throws ResourceNotFoundError when the token is not the developer's or is already revoked. */
    async revokeToken(userId: string, id: string) {
      if (!(await store.revokeToken(db, id, userId, now()))) throw new ResourceNotFoundError('That CLI token does not exist or was already revoked.');
      return { revoked: true as const };
    },
  };
}

export type CliAuthService = ReturnType<typeof createCliAuthService>;
