// The Success screen's AUTHENTICATE_FLOW_COMPLETE (spec §2, §9): fired once however often the widget re-renders or
// is mounted again in place, with `signup` for a user created under 60 s before the sign-in, else `login`.
import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Products, type StytchEvent } from '../index.ts';
import { clearPage, pageElement, sent, uiClient } from '../testing.ts';
import { NEW_USER_WINDOW_MS, signInKind } from './success.tsx';

const emailOtp = { products: [Products.otp], otpOptions: { methods: ['email' as const], expirationMinutes: 5 } };

afterEach(() => {
  clearPage();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const completions = (events: StytchEvent[]) => events.filter((event) => event.type === 'AUTHENTICATE_FLOW_COMPLETE');

/** Signs in with an email passcode as a user created `ageMs` before now (or an unknown user), up to Success. */
async function signIn(ageMs: number | undefined) {
  const { client, loginOrCreate, authenticate } = uiClient();
  const user = ageMs === undefined ? null : { created_at: new Date(Date.now() - ageMs).toISOString() };
  vi.spyOn(client.headless.user, 'getSync').mockReturnValue(user as never);
  loginOrCreate.mockResolvedValue(sent());
  authenticate.mockResolvedValue({ status_code: 200, session_token: 't' } as never);
  const events: StytchEvent[] = [];
  const callbacks = { onEvent: (event: StytchEvent) => events.push(event) };
  pageElement();
  client.mountLogin({ elementId: '#login', config: emailOtp, callbacks });
  fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  fireEvent.input(await screen.findByLabelText('One-time passcode'), { target: { value: '123456' } });
  await screen.findByRole('heading', { name: 'Success' });
  await waitFor(() => expect(completions(events)).toHaveLength(1));
  return { client, events, callbacks };
}

// Whole sign-in flows: generous timeouts for a loaded test machine (nothing here measures time).
describe('Success: AUTHENTICATE_FLOW_COMPLETE', { timeout: 20_000 }, () => {
  it('says signup for a user created 10 s before signing in, once, even when mounted again in place with new callbacks', async () => {
    const { client, events, callbacks } = await signIn(10_000);
    expect(completions(events)).toEqual([{ type: 'AUTHENTICATE_FLOW_COMPLETE', data: { type: 'signup' } }]);
    // The React components re-mount in place whenever config or callbacks change identity.
    client.mountLogin({ elementId: '#login', config: { ...emailOtp }, callbacks: { ...callbacks } });
    client.mountLogin({ elementId: '#login', config: { ...emailOtp }, callbacks: { ...callbacks } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('heading', { name: 'Success' })).toBeTruthy();
    expect(completions(events)).toHaveLength(1);
  });

  it('says login for a user created 5 minutes before, and carries no type when the user is unknown', async () => {
    expect(completions((await signIn(5 * 60_000)).events)).toEqual([{ type: 'AUTHENTICATE_FLOW_COMPLETE', data: { type: 'login' } }]);
    clearPage();
    expect(completions((await signIn(undefined)).events)).toEqual([{ type: 'AUTHENTICATE_FLOW_COMPLETE', data: {} }]);
  });
});

describe('signInKind (spec §9: new if created under 60 s before sign-in)', () => {
  it('puts the boundary at 60 s and answers undefined without a creation time', () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    const ago = (ms: number) => new Date(now - ms).toISOString();
    expect(NEW_USER_WINDOW_MS).toBe(60_000);
    expect(signInKind(ago(59_999), now)).toBe('signup');
    expect(signInKind(ago(60_000), now)).toBe('login');
    expect(signInKind(undefined, now)).toBeUndefined();
    expect(signInKind('not a date', now)).toBeUndefined();
  });
});
