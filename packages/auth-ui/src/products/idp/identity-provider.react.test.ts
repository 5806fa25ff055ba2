// <IdentityProvider> takes the incumbent's props and mounts the identity provider's screens.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StytchUIClient } from '../../index.ts';
import { IdentityProvider, StytchProvider } from '../../react/index.ts';
import { publicToken, stubNetwork } from '../../testing.ts';
import { idpBrowser } from './browser.ts';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('<IdentityProvider>', () => {
  it('shows IDP Consent for the page URL, with its styles, getRedirectUrl applied, and is removed on unmount', async () => {
    window.history.replaceState(null, '', '/authorize?client_id=app-1&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&response_type=code&scope=openid');
    stubNetwork();
    const stytch = new StytchUIClient(publicToken(), { telemetry: false });
    vi.spyOn(stytch.session, 'getTokens').mockReturnValue({ session_token: 'token', session_jwt: 'jwt' });
    vi.spyOn(stytch.idp, 'oauthAuthorizeStart').mockResolvedValue({
      status_code: 200,
      request_id: 'r',
      consent_required: true,
      oidc_client: { client_id: 'app-1', client_name: 'Notes', client_type: 'third_party' },
      redirect_uri: 'https://app.example/cb',
      scopes: ['openid'],
      grantable_scope: 'openid',
      ungrantable_scope: '',
    });
    vi.spyOn(stytch.idp, 'oauthAuthorizeSubmit').mockResolvedValue({ status_code: 200, request_id: 'r', redirect_uri: 'https://app.example/cb?code=1' });
    const navigate = vi.spyOn(idpBrowser, 'navigate').mockImplementation(() => undefined);
    const styles = { colors: { primary: '#224466' } };
    const getRedirectUrl = (url: string) => `${url}#from-react`;
    const view = render(createElement(StytchProvider, { stytch }, createElement(IdentityProvider, { styles, getRedirectUrl })));
    expect(await screen.findByRole('heading', { name: 'Notes wants to access your account' })).toBeTruthy();
    expect(document.querySelector<HTMLElement>('.ks-widget')!.style.getPropertyValue('--ks-colors-primary')).toBe('#224466');
    act(() => screen.getByRole('button', { name: 'Allow' }).click());
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://app.example/cb?code=1#from-react'));
    act(() => view.unmount());
    expect(document.querySelector('.ks-widget')).toBeNull();
  });
});
