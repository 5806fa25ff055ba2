// The identity-provider mount (spec §2 IDP consent, §4 Authorize, §5 missing parameter, §8 no session) through
// mountIdentityProvider: the page URL is the request, the SDK's idp calls and the session are spied, and the
// navigation away is caught.
import { UsageError } from '@keepsake/auth-js/errors';
import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUIClient, StytchEventType, type StytchEvent } from '../../index.ts';
import { otpUI } from '../otp/index.ts';
import { clearPage, pageElement, publicToken, stubNetwork, uiClient } from '../../testing.ts';
import { idpBrowser } from './browser.ts';

const AUTHORIZE =
  '?client_id=connected-app-1&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&response_type=code&scope=openid%20email%20profile&state=s-1&nonce=n-1&code_challenge=c-1&code_challenge_method=S256';
const LOGOUT = '?client_id=connected-app-1&post_logout_redirect_uri=https%3A%2F%2Fapp.example%2Fbye&state=s-2&id_token_hint=token-hint';
const preflight = (consentRequired: boolean, scopes = ['openid', 'email', 'profile']) => ({
  status_code: 200,
  request_id: 'request-1',
  consent_required: consentRequired,
  oidc_client: { client_id: 'connected-app-1', client_name: 'Photo Printer', client_type: 'third_party' as const },
  redirect_uri: 'https://app.example/cb',
  scopes,
  grantable_scope: scopes.join(' '),
  ungrantable_scope: '',
});
const submitted = (redirectUri: string) => ({ status_code: 200, request_id: 'request-2', redirect_uri: redirectUri });

afterEach(() => {
  clearPage();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Opens the page at `query`, signed in unless told otherwise, and mounts the identity provider. */
function mountAt(query: string, { signedIn = true, getRedirectUrl }: { signedIn?: boolean; getRedirectUrl?: (url: string) => string } = {}) {
  window.history.replaceState(null, '', `/authorize${query}`);
  const { client } = uiClient();
  const session = { session_id: 'session-1' } as never;
  vi.spyOn(client.session, 'getSync').mockReturnValue(signedIn ? session : null);
  vi.spyOn(client.session, 'getTokens').mockReturnValue(signedIn ? { session_token: 'token', session_jwt: 'jwt' } : null);
  const revoke = vi.spyOn(client.session, 'revoke').mockResolvedValue();
  const start = vi.spyOn(client.idp, 'oauthAuthorizeStart');
  const submit = vi.spyOn(client.idp, 'oauthAuthorizeSubmit');
  const logoutStart = vi.spyOn(client.idp, 'oauthLogoutStart');
  const navigate = vi.spyOn(idpBrowser, 'navigate').mockImplementation(() => undefined);
  const events: StytchEvent[] = [];
  const onError = vi.fn();
  pageElement('idp');
  const mount = () =>
    client.mountIdentityProvider({
      elementId: '#idp',
      callbacks: { onEvent: (event) => events.push(event), onError },
      ...(getRedirectUrl ? { getRedirectUrl } : {}),
    });
  return { client, revoke, start, submit, logoutStart, navigate, events, onError, mount };
}

describe('mountIdentityProvider', () => {
  it('throws a usage error when no element matches elementId', () => {
    const { client } = uiClient();
    expect(() => client.mountIdentityProvider({ elementId: '#missing' })).toThrow(UsageError);
    expect(() => client.mountIdentityProvider({ elementId: '#missing' })).toThrow(/No element matches elementId "#missing"/);
    expect(() => client.mountIdentityProvider({ elementId: '#missing' })).toThrow(/mountIdentityProvider/);
  });

  it('throws a usage error on a client built without the identity-provider module', () => {
    stubNetwork();
    const client = createUIClient(publicToken(), { products: [otpUI], telemetry: false });
    pageElement('idp');
    expect(() => client.mountIdentityProvider({ elementId: '#idp' })).toThrow(/no identity-provider module/);
  });

  it('renders into a shadow root with enableShadowDOM, and a remount updates in place without starting the request again', async () => {
    const { client, start } = mountAt(AUTHORIZE);
    start.mockResolvedValue(preflight(true));
    const element = document.getElementById('idp')!;
    client.mountIdentityProvider({ elementId: '#idp', config: { enableShadowDOM: true } });
    const root = element.querySelector('[data-keepsake-auth-ui="shadow-host"]')!.shadowRoot!;
    await waitFor(() => expect(root.querySelector('h1')?.textContent).toBe('Photo Printer wants to access your account'));
    client.mountIdentityProvider({ elementId: '#idp', config: { enableShadowDOM: true }, styles: { colors: { primary: '#123456' } } });
    await waitFor(() => expect(root.querySelector<HTMLElement>('.ks-widget')!.style.getPropertyValue('--ks-colors-primary')).toBe('#123456'));
    expect(root.querySelector('h1')?.textContent).toBe('Photo Printer wants to access your account');
    expect(start).toHaveBeenCalledTimes(1);
  });
});

describe('missing parameters (spec §2, §5)', () => {
  const missing = (param: string) => `Required parameter is missing: ${param}. Please reach out to the application developer.`;
  it.each([
    ['client_id', '?redirect_uri=https%3A%2F%2Fapp.example%2Fcb&response_type=code'],
    ['redirect_uri', '?client_id=connected-app-1&response_type=code'],
    ['response_type', '?client_id=connected-app-1&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&response_type='],
    ['client_id', '?post_logout_redirect_uri=https%3A%2F%2Fapp.example%2Fbye'],
    ['post_logout_redirect_uri', '?client_id=connected-app-1&post_logout_redirect_uri='],
  ])('names %s when the query %s lacks it, calls nothing and hands the message to onError', async (param, query) => {
    const { start, logoutStart, onError, mount } = mountAt(query);
    mount();
    expect((await screen.findByRole('alert')).textContent).toBe(missing(param));
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: missing(param) }));
    expect(start).not.toHaveBeenCalled();
    expect(logoutStart).not.toHaveBeenCalled();
  });
});

describe('authorize (spec §4)', () => {
  it('without a session says so and starts nothing', async () => {
    const { start, onError, mount } = mountAt(AUTHORIZE, { signedIn: false });
    mount();
    expect((await screen.findByRole('alert')).textContent).toBe('No active session detected. Please log in to continue.');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(start).not.toHaveBeenCalled();
  });

  it('when no consent is needed submits the grant at once and follows the redirect', async () => {
    const { start, submit, navigate, events, mount } = mountAt(`${AUTHORIZE}&prompt=none&max_age=300`);
    start.mockResolvedValue(preflight(false, ['openid', 'email']));
    submit.mockResolvedValue(submitted('https://app.example/cb?code=c0de&state=s-1'));
    mount();
    expect(screen.getByText('Loading').closest('[role="status"]')?.querySelector('.ks-spinner')).not.toBeNull();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://app.example/cb?code=c0de&state=s-1'));
    expect(start).toHaveBeenCalledWith({
      client_id: 'connected-app-1',
      redirect_uri: 'https://app.example/cb',
      response_type: 'code',
      scopes: ['openid', 'email', 'profile'],
      prompt: 'none',
      max_age: '300',
    });
    // The preflight's scopes (what the server allows) are the ones granted.
    expect(submit).toHaveBeenCalledWith({
      client_id: 'connected-app-1',
      redirect_uri: 'https://app.example/cb',
      response_type: 'code',
      scopes: ['openid', 'email'],
      state: 's-1',
      nonce: 'n-1',
      code_challenge: 'c-1',
      code_challenge_method: 'S256',
      prompt: 'none',
      max_age: '300',
      consent_granted: true,
    });
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull();
    expect(events.map((event) => event.type)).toEqual([StytchEventType.OAuthAuthorizeFlowStart, StytchEventType.OAuthAuthorizeFlowComplete]);
  });

  it('with prompt=none and no session shows nothing: the server answers login_required and the browser follows it', async () => {
    const { start, submit, navigate, onError, mount } = mountAt(`${AUTHORIZE}&prompt=none`, { signedIn: false });
    submit.mockResolvedValue(submitted('https://app.example/cb?error=login_required&state=s-1'));
    mount();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://app.example/cb?error=login_required&state=s-1'));
    expect(start).not.toHaveBeenCalled();
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ prompt: 'none', consent_granted: false, client_id: 'connected-app-1', state: 's-1' }));
    expect(onError).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('with prompt=none and a session the server refuses (expired, older than max_age) shows nothing either: login_required is followed', async () => {
    const { start, submit, navigate, onError, mount } = mountAt(`${AUTHORIZE}&prompt=none&max_age=60`);
    start.mockRejectedValue(
      Object.assign(new Error('[401] unauthorized_credentials'), { error_message: 'No active session detected. Please log in to continue.' }),
    );
    submit.mockResolvedValue(submitted('https://app.example/cb?error=login_required&state=s-1'));
    mount();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://app.example/cb?error=login_required&state=s-1'));
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({ prompt: 'none', max_age: '60', consent_granted: false, scopes: ['openid', 'email', 'profile'] }),
    );
    expect(onError).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('with prompt=none and consent needed shows no consent screen: the server answers consent_required and the browser follows it', async () => {
    const { start, submit, navigate, mount } = mountAt(`${AUTHORIZE}&prompt=none`);
    start.mockResolvedValue(preflight(true));
    submit.mockResolvedValue(submitted('https://app.example/cb?error=consent_required&state=s-1'));
    mount();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://app.example/cb?error=consent_required&state=s-1'));
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ prompt: 'none', consent_granted: false }));
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull();
    expect(screen.queryByText('Access to the application was denied.')).toBeNull();
  });

  it('shows IDP Consent with the app name and the scopes in plain words; Allow spins, submits the grant and redirects', async () => {
    const { start, submit, navigate, events, mount } = mountAt(AUTHORIZE, { getRedirectUrl: (url) => `${url}&via=widget` });
    start.mockResolvedValue(preflight(true, ['openid', 'profile', 'email', 'phone', 'full_access', 'offline_access', 'read:photos']));
    let answer!: (value: ReturnType<typeof submitted>) => void;
    submit.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    mount();
    expect(await screen.findByRole('heading', { name: 'Photo Printer wants to access your account' })).toBeTruthy();
    expect(screen.getByText('This will allow Photo Printer to:')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Confirm who you are',
      'See your basic profile information, such as your name',
      'See your email address',
      'See your phone number',
      'Act on your behalf with full access to your account',
      'Keep this access while you are not using the application',
      'Use the permission "read:photos"',
    ]);
    expect(submit).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Allow' }));
    const busy = await screen.findByRole('button', { name: 'Submitting' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Deny' }).disabled).toBe(true);
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ consent_granted: true, state: 's-1', scopes: expect.arrayContaining(['read:photos']) }));
    answer(submitted('https://app.example/cb?code=c0de&state=s-1'));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://app.example/cb?code=c0de&state=s-1&via=widget'));
    expect(events.map((event) => event.type)).toEqual(['OAUTH_AUTHORIZE_FLOW_START', 'OAUTH_AUTHORIZE_FLOW_COMPLETE']);
  });

  it('Deny submits the refusal, says access was denied and links back to the app without leaving by itself', async () => {
    const { start, submit, navigate, events, mount } = mountAt(AUTHORIZE);
    start.mockResolvedValue(preflight(true));
    submit.mockResolvedValue(submitted('https://app.example/cb?error=access_denied&state=s-1'));
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Deny' }));
    expect((await screen.findByText('Access to the application was denied.')).getAttribute('role')).toBe('status');
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ consent_granted: false, client_id: 'connected-app-1' }));
    expect(screen.getByRole('link', { name: 'Return to the application' }).getAttribute('href')).toBe('https://app.example/cb?error=access_denied&state=s-1');
    expect(navigate).not.toHaveBeenCalled();
    expect(events.map((event) => event.type)).toEqual(['OAUTH_AUTHORIZE_FLOW_START', 'OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED']);
  });

  it('shows a failed preflight with the server message and hands it to onError', async () => {
    const { start, onError, mount } = mountAt(AUTHORIZE);
    start.mockRejectedValue(Object.assign(new Error('[400] invalid_redirect_url'), { error_message: 'The redirect_uri is not registered for this client.' }));
    mount();
    expect((await screen.findByRole('alert')).textContent).toBe('The redirect_uri is not registered for this client.');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'The redirect_uri is not registered for this client.' }));
  });

  it('keeps the consent screen after a failed Allow, with the error and the buttons usable again', async () => {
    const { start, submit, navigate, mount } = mountAt(AUTHORIZE);
    start.mockResolvedValue(preflight(true));
    submit.mockRejectedValueOnce(Object.assign(new Error('x'), { error_message: 'Unable to contact our servers.' }));
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Allow' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to contact our servers.');
    const allow = screen.getByRole<HTMLButtonElement>('button', { name: 'Allow' });
    expect(allow.disabled).toBe(false);
    submit.mockResolvedValue(submitted('https://app.example/cb?code=again'));
    fireEvent.click(allow);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://app.example/cb?code=again'));
  });
});

describe('logout (spec §4)', () => {
  it('asks first; Yes revokes the session, then redirects to the post-logout URI', async () => {
    const { logoutStart, revoke, navigate, mount } = mountAt(LOGOUT);
    logoutStart.mockResolvedValue({ status_code: 200, request_id: 'r', consent_required: true, redirect_uri: 'https://app.example/bye?state=s-2' });
    revoke.mockImplementation(async () => expect(navigate).not.toHaveBeenCalled());
    mount();
    expect(await screen.findByRole('heading', { name: 'Log out' })).toBeTruthy();
    expect(screen.getByText('The application asked to log you out. Do you want to log out?')).toBeTruthy();
    expect(logoutStart).toHaveBeenCalledWith({
      client_id: 'connected-app-1',
      post_logout_redirect_uri: 'https://app.example/bye',
      id_token_hint: 'token-hint',
      state: 's-2',
    });
    expect(revoke).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, log out' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://app.example/bye?state=s-2'));
    expect(revoke).toHaveBeenCalledTimes(1);
  });

  it('No keeps the session and says so', async () => {
    const { logoutStart, revoke, navigate, mount } = mountAt(LOGOUT);
    logoutStart.mockResolvedValue({ status_code: 200, request_id: 'r', consent_required: true, redirect_uri: 'https://app.example/bye' });
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'No, stay logged in' }));
    expect(await screen.findByText('You have not been logged out. You may close this page.')).toBeTruthy();
    expect(revoke).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('without confirmation needed revokes and redirects at once', async () => {
    const { logoutStart, revoke, navigate, mount } = mountAt(LOGOUT);
    logoutStart.mockResolvedValue({ status_code: 200, request_id: 'r', consent_required: false, redirect_uri: 'https://app.example/bye' });
    mount();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://app.example/bye'));
    expect(revoke).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Yes, log out' })).toBeNull();
  });

  it('signed out, follows the redirect without revoking anything', async () => {
    const { logoutStart, revoke, navigate, mount } = mountAt(LOGOUT, { signedIn: false });
    logoutStart.mockResolvedValue({ status_code: 200, request_id: 'r', consent_required: false, redirect_uri: 'https://app.example/bye' });
    mount();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://app.example/bye'));
    expect(revoke).not.toHaveBeenCalled();
  });

  it('a failed revoke shows the error and does not leave the page', async () => {
    const { logoutStart, revoke, navigate, onError, mount } = mountAt(LOGOUT);
    logoutStart.mockResolvedValue({ status_code: 200, request_id: 'r', consent_required: true, redirect_uri: 'https://app.example/bye' });
    revoke.mockRejectedValue(Object.assign(new Error('x'), { error_message: 'Unable to contact our servers.' }));
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, log out' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to contact our servers.');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });
});
