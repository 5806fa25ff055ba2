import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { TestServer } from './harness.ts';
import { tokenFromMail, type SdkClient } from './sdk.ts';
import { passcodeIn } from './smtp-sink.ts';

/** A spec §9 PKCE pair: 16 random 32-bit values in hex, and base64url(SHA-256) of it. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = Array.from(crypto.getRandomValues(new Uint32Array(16)), (n) => n.toString(16)).join('');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** `/magic_links/email/<path>` to `email` (with a session for send/secondary); returns the answer, the mail and its token. */
export async function sendMagicLink(
  server: TestServer,
  sdk: SdkClient,
  email: string,
  body: Record<string, unknown> = {},
  path = 'login_or_create',
  sessionToken?: string,
) {
  const before = server.smtp!.messagesTo(email).length;
  const res = await sdk.post(`/magic_links/email/${path}`, { email, ...body }, sessionToken);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const mail = await server.smtp!.waitFor(email, { after: before });
  return { res, mail, ...tokenFromMail(mail.text) };
}

/** `/otps/email/login_or_create` to `email`; returns the email_id and the emailed passcode. */
export async function sendEmailCode(server: TestServer, sdk: SdkClient, email: string) {
  const before = server.smtp!.messagesTo(email).length;
  const res = await sdk.post('/otps/email/login_or_create', { email });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { methodId: res.body.data.email_id as string, code: passcodeIn(await server.smtp!.waitFor(email, { after: before })) };
}

/** `/otps/<channel>/login_or_create` to `phone`; returns the phone_id and the passcode from the dev outbox. */
export async function sendPhoneCode(server: TestServer, sdk: SdkClient, channel: 'sms' | 'whatsapp', phone: string) {
  const before = (await server.outbox.messagesTo(phone)).length;
  const res = await sdk.post(`/otps/${channel}/login_or_create`, { phone_number: phone });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { methodId: res.body.data.phone_id as string, code: passcodeIn(await server.outbox.waitFor(phone, { after: before })) };
}
