// The identity provider's flow (spec §4 "Authorize"): read the request from the page URL, check for a session,
// preflight it, then either complete it at once (no consent needed), or wait for the user's Allow / Deny on the
// IDP Consent screen. Logout: preflight, then (when confirmation is needed) Yes revokes the session and
// redirects, No says so. Every failure is shown in the widget and handed to onError. With prompt=none nothing is
// shown: the server answers the redirect itself (a code, or error=login_required / consent_required).
import type { SessionApi } from '@keepsake/auth-js';
import type { IdpApi, IdpAuthorizeParams } from '@keepsake/auth-js/idp';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { StytchEventType } from '../../events.ts';
import { useWidget } from '../../widget/context.ts';
import { idpBrowser } from './browser.ts';
import { parseIdpQuery, type AuthorizeRequest, type LogoutRequest } from './query.ts';

export type IdpPhase =
  | { kind: 'loading' }
  /** The flow ended here: an error (missing parameter, no session, failed call) or an outcome (denied, kept). */
  | { kind: 'message'; text: string; error: boolean; returnUrl?: string }
  | { kind: 'consent'; clientName: string; scopes: string[] }
  | { kind: 'logout' };

export type IdpBusy = 'allow' | 'deny' | 'logout' | null;

type IdpClient = { idp: IdpApi; session: SessionApi };

const isPromptNone = (request: AuthorizeRequest) => (request.prompt ?? '').split(' ').includes('none');

export function useIdpFlow() {
  const { client, t, emit, fail, mountOptions } = useWidget();
  const { idp, session } = client as unknown as IdpClient;
  const [phase, setPhase] = useState<IdpPhase>({ kind: 'loading' });
  const [busy, setBusy] = useState<IdpBusy>(null);
  const [error, setError] = useState('');
  const [authorize, setAuthorize] = useState<{ request: AuthorizeRequest; scopes: string[] } | null>(null);
  const [logoutRedirect, setLogoutRedirect] = useState('');

  const redirectTo = useCallback(
    (url: string) => {
      const { getRedirectUrl } = mountOptions as { getRedirectUrl?: (redirectUri: string) => string };
      return typeof getRedirectUrl === 'function' ? getRedirectUrl(url) : url;
    },
    [mountOptions],
  );
  /** Ends the flow on `cause`: its message is shown and handed to onError. */
  const stop = useCallback((cause: unknown) => setPhase({ kind: 'message', text: fail(cause), error: true }), [fail]);
  const hasSession = useCallback(() => session.getSync() !== null || session.getTokens() !== null, [session]);

  /** Submits the user's answer (or the automatic grant) and follows the redirect it returns. */
  const submit = useCallback(
    async (request: AuthorizeRequest, scopes: string[], granted: boolean, onConsentScreen: boolean) => {
      setBusy(granted ? 'allow' : 'deny');
      setError('');
      const { flow: _flow, scopes: _requested, ...params } = request;
      try {
        const answer = await idp.oauthAuthorizeSubmit({ ...params, scopes, consent_granted: granted });
        if (granted) {
          emit({ type: StytchEventType.OAuthAuthorizeFlowComplete, data: answer });
          idpBrowser.navigate(redirectTo(answer.redirect_uri));
          return;
        }
        emit({ type: StytchEventType.OAuthAuthorizeFlowConsentDenied, data: answer });
        setPhase({ kind: 'message', text: t('idp.denied'), error: false, returnUrl: redirectTo(answer.redirect_uri) });
      } catch (cause) {
        if (onConsentScreen) setError(fail(cause));
        else stop(cause);
      }
      setBusy(null);
    },
    [idp, emit, fail, redirectTo, stop, t],
  );

  /** prompt=none (OpenID Connect Core §3.1.2.1): no screen; the server's answer is followed whatever it is. */
  const silent = useCallback(
    async (request: AuthorizeRequest, scopes: string[]) => {
      const { flow: _flow, scopes: _requested, ...params } = request;
      try {
        const answer = await idp.oauthAuthorizeSubmit({ ...params, scopes, consent_granted: false });
        emit({ type: StytchEventType.OAuthAuthorizeFlowComplete, data: answer });
        idpBrowser.navigate(redirectTo(answer.redirect_uri));
      } catch (cause) {
        stop(cause);
      }
    },
    [idp, emit, redirectTo, stop],
  );

  /** Revokes the session (if there is one) and sends the browser to the post-logout redirect. */
  const logout = useCallback(
    async (redirectUri: string) => {
      setBusy('logout');
      setError('');
      try {
        if (hasSession()) await session.revoke();
        idpBrowser.navigate(redirectTo(redirectUri));
      } catch (cause) {
        setError(fail(cause));
        setBusy(null);
      }
    },
    [session, hasSession, fail, redirectTo],
  );

  useEffect(() => {
    let live = true;
    const query = parseIdpQuery(idpBrowser.query());
    if (query.flow === 'missing') return stop(new Error(t('idp.missingParameter', { param: query.param })));
    if (query.flow === 'logout') {
      void startLogout(query);
    } else if (!hasSession()) {
      if (isPromptNone(query)) void silent(query, query.scopes);
      else stop(new Error(t('idp.noSession')));
    } else {
      void startAuthorize(query);
    }
    async function startAuthorize(request: AuthorizeRequest) {
      try {
        const { client_id, redirect_uri, response_type, scopes, prompt, max_age } = request;
        // prompt and max_age decide whether the session is recent enough, so the preflight needs them too.
        const preflight: IdpAuthorizeParams = {
          client_id,
          redirect_uri,
          response_type,
          scopes,
          ...(prompt ? { prompt } : {}),
          ...(max_age ? { max_age } : {}),
        };
        const start = await idp.oauthAuthorizeStart(preflight);
        if (!live) return;
        emit({ type: StytchEventType.OAuthAuthorizeFlowStart, data: start });
        setAuthorize({ request, scopes: start.scopes });
        if (!start.consent_required) return void submit(request, start.scopes, true, false);
        if (isPromptNone(request)) return void silent(request, start.scopes);
        setPhase({ kind: 'consent', clientName: start.oidc_client.client_name || request.client_id, scopes: start.scopes });
      } catch (cause) {
        if (!live) return;
        // prompt=none shows nothing, not even 'No active session': a session the client still holds but the server
        // refuses (expired, revoked, older than max_age) gets the server's own answer, login_required, followed.
        if (isPromptNone(request)) return void silent(request, request.scopes);
        stop(cause);
      }
    }
    async function startLogout(request: LogoutRequest) {
      try {
        const { flow: _flow, ...params } = request;
        // §7 logout preflight: { redirect_uri, consent_required }.
        const start = (await idp.oauthLogoutStart(params)) as { consent_required: boolean; redirect_uri?: string } as {
          consent_required: boolean;
          redirect_uri: string;
        };
        if (!live) return;
        setLogoutRedirect(start.redirect_uri);
        if (!start.consent_required) return void logout(start.redirect_uri);
        setPhase({ kind: 'logout' });
      } catch (cause) {
        if (live) stop(cause);
      }
    }
    return () => {
      live = false;
    };
    // The request is read once per mount; a remount with new styles or callbacks does not start it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    phase,
    busy,
    error,
    allow: () => authorize && void submit(authorize.request, authorize.scopes, true, true),
    deny: () => authorize && void submit(authorize.request, authorize.scopes, false, true),
    logOut: () => void logout(logoutRedirect),
    stayLoggedIn: () => setPhase({ kind: 'message', text: t('idp.logout.kept'), error: false }),
  };
}
