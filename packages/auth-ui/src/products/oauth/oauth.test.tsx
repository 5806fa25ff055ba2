// The OAuth product through mountLogin (spec §2, §3 oauthOptions, §4 "One Tap states", §7): a button per provider
// starting auth-js's OAuth start with the config's redirect URLs, scopes and parameters; Google One Tap with the
// standard button on any One Tap error and the phone-not-tablet rule; and the redirect landing.
import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { ApiError } from '@keepsake/auth-js/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OneTapPositions, StytchUIClient, type StytchEvent, type StytchLoginConfig } from '../../index.ts';
import { clearPage, pageElement, publicToken, stubNetwork } from '../../testing.ts';
import { isPhone } from './one-tap.tsx';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const PIXEL = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

afterEach(() => {
  clearPage();
  window.history.replaceState(null, '', '/');
  delete (window as { IdentityCredential?: unknown }).IdentityCredential;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const redirects = { loginRedirectURL: 'https://app.example.com/login', signupRedirectURL: 'https://app.example.com/signup' };

function mount(config: StytchLoginConfig) {
  stubNetwork();
  const client = new StytchUIClient(publicToken(), { endpoint: 'http://localhost:9999', telemetry: false });
  const googleStart = vi.spyOn(client.oauth.google, 'start').mockResolvedValue();
  const githubStart = vi.spyOn(client.oauth.github, 'start').mockResolvedValue();
  const oneTap = vi.spyOn(client.oauth.googleOneTap, 'start').mockResolvedValue({ success: true });
  const authenticate = vi.spyOn(client.oauth, 'authenticate').mockResolvedValue({ status_code: 200 } as never);
  const events: StytchEvent[] = [];
  const onError = vi.fn();
  pageElement();
  client.mountLogin({ elementId: '#login', config, callbacks: { onEvent: (event) => events.push(event), onError } });
  return { client, googleStart, githubStart, oneTap, authenticate, events, onError };
}

const buttons = () => screen.queryAllByRole('button').map((button) => button.textContent);

describe('provider buttons', () => {
  it("shows 'Continue with {provider}' in providers order, and starts with the redirect URLs, scopes and parameters", async () => {
    const { googleStart, githubStart } = mount({
      products: ['oauth'],
      oauthOptions: {
        ...redirects,
        providers: [
          { type: 'github', custom_scopes: ['read:user', 'user:email'] },
          { type: 'google', provider_params: { prompt: 'select_account', login_hint: 'ada@example.com' } },
          { type: 'not-a-provider' },
        ],
      },
    });
    expect(buttons()).toEqual(['Continue with GitHub', 'Continue with Google']);
    fireEvent.click(screen.getByRole('button', { name: 'Continue with GitHub' }));
    expect(githubStart).toHaveBeenCalledWith({
      login_redirect_url: 'https://app.example.com/login',
      signup_redirect_url: 'https://app.example.com/signup',
      custom_scopes: ['read:user', 'user:email'],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(googleStart).toHaveBeenCalledWith({
      login_redirect_url: 'https://app.example.com/login',
      signup_redirect_url: 'https://app.example.com/signup',
      provider_params: { prompt: 'select_account', login_hint: 'ada@example.com' },
    });
  });

  it('shows a spinner while starting, and a failed start as an error with the button back', async () => {
    const { googleStart, onError } = mount({ products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }] } });
    let fail!: (error: unknown) => void;
    googleStart.mockReturnValue(new Promise((_, reject) => (fail = reject)));
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect((await screen.findByRole('button', { name: 'Submitting' })).getAttribute('aria-busy')).toBe('true');
    fail(Object.assign(new Error('[404]'), { error_message: 'Google is not set up for this project.' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Google is not set up for this project.');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'Google is not set up for this project.' }));
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
  });
});

describe('Google One Tap', () => {
  const oneTapConfig = (position?: string): StytchLoginConfig => ({
    products: ['oauth'],
    oauthOptions: { ...redirects, providers: [{ type: 'google', one_tap: true, ...(position ? { position } : {}) }, { type: 'github' }] },
  });

  it('shows the prompt instead of the Google button (floating by default: no container in the widget)', async () => {
    const { oneTap, onError } = mount(oneTapConfig());
    await waitFor(() =>
      expect(oneTap).toHaveBeenCalledWith({
        login_redirect_url: redirects.loginRedirectURL,
        signup_redirect_url: redirects.signupRedirectURL,
        onOneTapError: expect.any(Function),
      }),
    );
    expect(buttons()).toEqual(['Continue with GitHub']);
    expect(document.getElementById('ks-google-one-tap')).toBeNull();
    expect(onError).not.toHaveBeenCalled();
  });

  it('embedded: a 47 px container in the widget that the prompt is shown in', async () => {
    const { oneTap } = mount(oneTapConfig(OneTapPositions.embedded));
    await waitFor(() => expect(oneTap).toHaveBeenCalledWith(expect.objectContaining({ prompt_parent_id: 'ks-google-one-tap' })));
    const container = document.getElementById('ks-google-one-tap')!;
    expect(container.className).toBe('ks-one-tap');
    expect(document.getElementById('keepsake-auth-ui-styles')?.textContent).toContain('.ks-one-tap{min-height:47px');
    await waitFor(() => expect(container.dataset.status).toBe('shown'));
  });

  it("on a phone One Tap is Google's banner (no container); on a tablet it stays in the widget", async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(PIXEL);
    const phone = mount(oneTapConfig(OneTapPositions.floatingOrEmbedded));
    await waitFor(() => expect(phone.oneTap).toHaveBeenCalled());
    expect(phone.oneTap.mock.calls[0]![0]).not.toHaveProperty('prompt_parent_id');
    expect(document.getElementById('ks-google-one-tap')).toBeNull();
    clearPage();

    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPAD);
    const tablet = mount(oneTapConfig(OneTapPositions.floatingOrEmbedded));
    await waitFor(() => expect(tablet.oneTap).toHaveBeenCalledWith(expect.objectContaining({ prompt_parent_id: 'ks-google-one-tap' })));
    expect(document.getElementById('ks-google-one-tap')).not.toBeNull();
  });

  it('tells phones from tablets by the user agent', () => {
    expect([IPHONE, PIXEL, IPAD, ANDROID_TABLET, DESKTOP].map(isPhone)).toEqual([true, true, false, false, false]);
  });

  it('a §4 One Tap state: the standard Google button, the developer-facing text, and onError', async () => {
    const { oneTap, googleStart, onError } = mount(oneTapConfig(OneTapPositions.embedded));
    oneTap.mockResolvedValue({ success: false, reason: 'no_login_redirect_urls_set' });
    const button = await screen.findByRole('button', { name: 'Continue with Google' });
    expect(screen.getByText('Google One Tap: the project has no login redirect URL.')).toBeTruthy();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'Google One Tap: the project has no login redirect URL.' }));
    expect(document.getElementById('ks-google-one-tap')).toBeNull();
    fireEvent.click(button);
    expect(googleStart).toHaveBeenCalledWith(expect.objectContaining({ login_redirect_url: redirects.loginRedirectURL }));
  });

  it("Google's own reason (e.g. the user closed it) or a failure to load Google's script: the standard button, reported only", async () => {
    const cancelled = mount(oneTapConfig());
    cancelled.oneTap.mockResolvedValue({ success: false, reason: 'user_cancel' });
    await screen.findByRole('button', { name: 'Continue with Google' });
    expect(cancelled.onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'Google One Tap was not shown (user_cancel).' }));
    expect(document.querySelector('.ks-one-tap-notice')).toBeNull();
    clearPage();

    const offline = mount(oneTapConfig());
    offline.oneTap.mockRejectedValue(new Error('Could not load https://accounts.google.com/gsi/client.'));
    await screen.findByRole('button', { name: 'Continue with Google' });
    expect(offline.onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'Could not load https://accounts.google.com/gsi/client.' }));
  });

  it('Google ends the prompt after it was shown (any skipped/dismissed reason): the standard button, reported once', async () => {
    const { oneTap, onError } = mount(oneTapConfig(OneTapPositions.embedded));
    await waitFor(() => expect(document.getElementById('ks-google-one-tap')?.dataset.status).toBe('shown'));
    const { onOneTapError } = oneTap.mock.calls[0]![0]!;
    onOneTapError!('tap_outside');
    onOneTapError!('user_cancel'); // Google may report more than one moment
    await screen.findByRole('button', { name: 'Continue with Google' });
    expect(document.getElementById('ks-google-one-tap')).toBeNull();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'Google One Tap was not shown (tap_outside).' }));
  });

  it('the server refuses the chosen account: the standard button, and the error reported once', async () => {
    const { oneTap, onError } = mount(oneTapConfig());
    await waitFor(() => expect(oneTap).toHaveBeenCalled());
    await Promise.resolve();
    const refused = new ApiError({
      status_code: 401,
      request_id: 'r',
      error_type: 'invalid_id_token',
      error_message: 'The ID token is expired.',
      error_url: 'https://x',
    });
    oneTap.mock.calls[0]![0]!.onOneTapError!('invalid_id_token', refused);
    await screen.findByRole('button', { name: 'Continue with Google' });
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'The ID token is expired.', details: refused }));
  });

  it("leaving the widget takes Google's prompt away (google.accounts.id.cancel), also when it shows only afterwards", async () => {
    const cancel = vi.fn();
    vi.stubGlobal('google', { accounts: { id: { cancel } } });
    const shown = mount(oneTapConfig());
    await waitFor(() => expect(shown.oneTap).toHaveBeenCalled());
    await Promise.resolve();
    // Google answers the cancel at once with a `cancel_called` dismissal (auth-js: onOneTapError): not an error.
    cancel.mockImplementationOnce(() => shown.oneTap.mock.calls[0]![0]!.onOneTapError!('cancel_called'));
    shown.client.unmount(document.getElementById('login')!);
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(shown.onError).not.toHaveBeenCalled();
    clearPage();

    cancel.mockClear();
    const late = mount(oneTapConfig());
    let answer!: (result: { success: true }) => void;
    late.oneTap.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await waitFor(() => expect(late.oneTap).toHaveBeenCalled());
    late.client.unmount(document.getElementById('login')!);
    answer({ success: true });
    await waitFor(() => expect(cancel).toHaveBeenCalledTimes(2));
    expect(late.onError).not.toHaveBeenCalled();
  });

  it('embeddedOnly where the browser shows the prompt itself (FedCM): the standard button, One Tap not asked for', async () => {
    Object.assign(window, { IdentityCredential: class {} });
    const { oneTap, onError } = mount(oneTapConfig(OneTapPositions.embeddedOnly));
    await screen.findByRole('button', { name: 'Continue with Google' });
    expect(oneTap).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('the redirect landing (OAuth Authenticate)', () => {
  it('redeems ?stytch_token_type=oauth&token=…, takes the token out of the address, and shows Success', async () => {
    window.history.replaceState(null, '', '/login?stytch_token_type=oauth&token=oauth-token-1&keep=yes');
    const { authenticate, events } = mount({
      products: ['oauth'],
      oauthOptions: { providers: [{ type: 'google' }] },
      sessionOptions: { sessionDurationMinutes: 60 },
    });
    await screen.findByRole('heading', { name: 'Success' });
    expect(screen.getByText('You have successfully signed in.')).toBeTruthy();
    expect(authenticate).toHaveBeenCalledWith('oauth-token-1', { session_duration_minutes: 60 });
    expect(window.location.search).toBe('?keep=yes');
    await waitFor(() => expect(events.map((event) => event.type)).toEqual(['AUTHENTICATE_FLOW_COMPLETE']));
  });

  it("a refused token: the server's message, and the back arrow to Main", async () => {
    window.history.replaceState(null, '', '/login?stytch_token_type=oauth&token=used');
    const { authenticate } = mount({ products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }] } });
    authenticate.mockRejectedValue(Object.assign(new Error('[401]'), { error_message: 'The OAuth token could not be authenticated.' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The OAuth token could not be authenticated.');
    expect(screen.getByRole('heading', { name: 'Logging in' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(authenticate).toHaveBeenCalledTimes(1);
  });

  it("a sign-in that failed at the provider (the server's error redirect): its description, reported, nothing redeemed", async () => {
    window.history.replaceState(
      null,
      '',
      '/login?stytch_token_type=oauth&error=oauth_provider_failed&error_description=Google+did+not+complete+the+sign-in.&provider_error=access_denied',
    );
    const { authenticate, onError } = mount({ products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }] } });
    expect((await screen.findByRole('alert')).textContent).toBe('Google did not complete the sign-in.');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'Google did not complete the sign-in.' }));
    expect(authenticate).not.toHaveBeenCalled();
    expect(window.location.search).toBe('');
  });

  it('with One Tap configured, the landing redeems the token and does not ask for One Tap (no prompt over Success)', async () => {
    window.history.replaceState(null, '', '/login?stytch_token_type=oauth&token=one-tap-token');
    const { oneTap, authenticate } = mount({ products: ['oauth'], oauthOptions: { providers: [{ type: 'google', one_tap: true }] } });
    await screen.findByRole('heading', { name: 'Success' });
    expect(authenticate).toHaveBeenCalledWith('one-tap-token', expect.anything());
    expect(oneTap).not.toHaveBeenCalled();
  });

  it('One Tap floating as the only provider: no "or" divider over the form until the Google button comes back', async () => {
    const { oneTap } = mount({
      products: ['oauth', 'otp'],
      otpOptions: { methods: ['email'], expirationMinutes: 5 },
      oauthOptions: { ...redirects, providers: [{ type: 'google', one_tap: true }] },
    });
    await waitFor(() => expect(oneTap).toHaveBeenCalled());
    const divider = document.querySelector<HTMLElement>('.ks-divider')!;
    expect(divider.style.display).toBe('none');
    expect(buttons()).toEqual(['Continue']);

    oneTap.mock.calls[0]![0]!.onOneTapError!('tap_outside');
    await screen.findByRole('button', { name: 'Continue with Google' });
    await waitFor(() => expect(divider.style.display).toBe(''));
  });

  it('the OAuth buttons and the wallet buttons share the Main screen in product order, with no divider between them', () => {
    mount({ products: ['crypto', 'oauth'], oauthOptions: { providers: [{ type: 'google' }] } });
    expect(buttons()).toEqual(['Set up a new crypto wallet', 'Continue with Google']);
    expect(document.querySelector('.ks-divider')).toBeNull();
  });
});
