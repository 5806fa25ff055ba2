import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { TestServer } from './harness.ts';
import { basicAuth } from './sdk.ts';

const STEP_MS = 30_000;

/** Waits until the current 30-second step has at least 2 s left, so a code cannot change step in flight. */
export async function awayFromStepBoundary(): Promise<void> {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < 2_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** The RFC 6238 code of `secret` now, or `offsetSteps` 30-second steps away. */
export function codeAt(secret: string, offsetSteps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetSteps * STEP_MS });
}

/** A six-digit code that is not `code`. */
export function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

export type CreatedTotp = { totp_id: string; secret: string; qr_code: string; recovery_codes: string[]; user_id: string; user: { totps: unknown[] } };

/** POST /totps for the session's user. */
export async function createTotp(server: TestServer, publicToken: string, sessionToken: string): Promise<CreatedTotp> {
  const res = await server.request('/sdk/v1/totps', {
    method: 'POST',
    headers: { authorization: basicAuth(publicToken, sessionToken) },
    body: { expiration_minutes: 60 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as CreatedTotp;
}

/**
 * Gives the session's user a verified TOTP (create, then a step-up totps/authenticate). Returns the TOTP and the
 * session token that replaced `sessionToken`.
 */
export async function enrolTotp(server: TestServer, publicToken: string, sessionToken: string): Promise<CreatedTotp & { sessionToken: string }> {
  const created = await createTotp(server, publicToken, sessionToken);
  await awayFromStepBoundary();
  const res = await server.request('/sdk/v1/totps/authenticate', {
    method: 'POST',
    headers: { authorization: basicAuth(publicToken, sessionToken) },
    body: { totp_code: codeAt(created.secret) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...created, sessionToken: res.body.data.session_token as string };
}
