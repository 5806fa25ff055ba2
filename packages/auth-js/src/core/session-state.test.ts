import { describe, expect, it } from 'vitest';
import type { Session, User } from '../types.ts';
import { parseState, sameSession, sameState, sameUser } from './session-state.ts';

const user = {
  user_id: 'user-1',
  created_at: '2026-11-22T10:00:00.000Z',
  status: 'active',
  name: { first_name: '', middle_name: '', last_name: '' },
  emails: [{ email_id: 'email-1', email: 'ada@example.com', verified: true }],
  phone_numbers: [],
  totps: [],
  crypto_wallets: [],
  providers: [],
  webauthn_registrations: [],
  biometric_registrations: [],
  password: null,
  trusted_metadata: {},
  untrusted_metadata: { theme: 'dark' },
} satisfies User;

const session = {
  session_id: 'session-1',
  user_id: 'user-1',
  started_at: '2026-11-22T10:00:00.000Z',
  last_accessed_at: '2026-11-22T10:00:00.000Z',
  expires_at: '2026-11-22T11:00:00.000Z',
  authentication_factors: [{ type: 'otp', delivery_method: 'email', last_authenticated_at: '2026-11-22T10:00:00.000Z' }],
  attributes: { ip_address: '127.0.0.1', user_agent: 'test' },
  custom_claims: {},
  roles: [],
} satisfies Session;

describe('session state comparison (spec §3)', () => {
  it('ignores last_accessed_at', () => {
    const later = { user, session: { ...session, last_accessed_at: '2026-11-22T10:03:00.000Z' } };
    expect(sameState({ user, session }, later)).toBe(true);
    expect(sameSession(session, later.session)).toBe(true);
  });

  it('sees every other change of the session or the user', () => {
    expect(sameState({ user, session }, { user, session: { ...session, expires_at: '2026-11-22T12:00:00.000Z' } })).toBe(false);
    expect(sameState({ user, session }, { user, session: { ...session, authentication_factors: [] } })).toBe(false);
    expect(sameState({ user, session }, { user: { ...user, untrusted_metadata: { theme: 'light' } }, session })).toBe(false);
    expect(sameState({ user, session }, null)).toBe(false);
    expect(sameState(null, null)).toBe(true);
  });

  it('does not care about key order', () => {
    const { untrusted_metadata, ...rest } = user;
    const reordered = JSON.parse(JSON.stringify({ untrusted_metadata, ...rest })) as User;
    expect(sameUser(user, reordered)).toBe(true);
    expect(sameUser(user, { ...user, untrusted_metadata: { theme: 'dark', extra: 1 } })).toBe(false);
  });
});

describe('parseState', () => {
  it('reads a stored state and refuses anything malformed', () => {
    expect(parseState(JSON.stringify({ user, session }))).toEqual({ user, session });
    expect(parseState(null)).toBeNull();
    expect(parseState('not json')).toBeNull();
    expect(parseState('null')).toBeNull();
    expect(parseState(JSON.stringify({ user }))).toBeNull();
    expect(parseState(JSON.stringify({ user, session: { ...session, session_id: 7 } }))).toBeNull();
  });
});
