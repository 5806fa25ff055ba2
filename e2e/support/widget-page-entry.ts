// The sign-in widget's test page (e2e/auth-ui-widget.spec.ts): @keepsake/auth-ui bundled as an app would bundle
// it, served by the SDK test site under /widget (sdk-site.ts). `window.widget.mount(…)` mounts the widget into
// #login the way a customer's page does; the callbacks' events and errors are kept for the spec to read.
import { StytchUIClient, type StyleConfig, type StytchLoginConfig } from '@keepsake/auth-ui';

export type WidgetTestApi = {
  events: string[];
  errors: string[];
  /** The UI client of the last mount (its headless namespaces: session, user, …). */
  client?: StytchUIClient;
  mount(publicToken: string, endpoint: string, config: StytchLoginConfig, styles?: StyleConfig): void;
  /** mountIdentityProvider into #login: the IDP Consent screen for this page's query (e2e/auth-ui-idp.spec.ts). */
  mountIdentityProvider(publicToken: string, endpoint: string, styles?: StyleConfig): void;
  /** Mounts passkey registration (e2e/auth-ui-passkeys.spec.ts) into #login with the same client. */
  mountPasskeyRegistration(publicToken: string, endpoint: string, styles?: StyleConfig): void;
  /** Ends the session (the client's session.revoke). */
  signOut(): Promise<void>;
  /** mountResetPassword into #login with the `token` of the page's URL (a reset email's link). */
  mountResetPassword(publicToken: string, endpoint: string, config: StytchLoginConfig): void;
  /** Signs in with the `token` of the page's URL (an emailed magic link), as an app's link handler does. */
  authenticateMagicLink(publicToken: string, endpoint: string): Promise<string>;
};

declare global {
  interface Window {
    widget: WidgetTestApi;
  }
}

// One client per page, as an app has (a second client for the same token would share its cookies and warn).
let current: { key: string; client: StytchUIClient } | undefined;
function clientFor(publicToken: string, endpoint: string): StytchUIClient {
  const key = `${publicToken} ${endpoint}`;
  if (current?.key !== key) current = { key, client: new StytchUIClient(publicToken, { endpoint }) };
  return current.client;
}
const callbacks = {
  onEvent: (event: { type: string }) => api.events.push(event.type),
  onError: (error: Error) => api.errors.push(error.message),
};

const api: WidgetTestApi = {
  events: [],
  errors: [],
  mountPasskeyRegistration(publicToken, endpoint, styles) {
    clientFor(publicToken, endpoint).mountPasskeyRegistration({ elementId: '#login', ...(styles ? { styles } : {}), callbacks });
  },
  async signOut() {
    await current?.client.session.revoke();
  },
  mount(publicToken, endpoint, config, styles) {
    const client = clientFor(publicToken, endpoint);
    api.client = client;
    client.mountLogin({
      elementId: '#login',
      config,
      ...(styles ? { styles } : {}),
      callbacks,
    });
  },
  mountIdentityProvider(publicToken, endpoint, styles) {
    clientFor(publicToken, endpoint).mountIdentityProvider({ elementId: '#login', ...(styles ? { styles } : {}), callbacks });
  },
  mountResetPassword(publicToken, endpoint, config) {
    const passwordResetToken = new URLSearchParams(location.search).get('token') ?? '';
    clientFor(publicToken, endpoint).mountResetPassword({ elementId: '#login', config, passwordResetToken, callbacks });
  },
  async authenticateMagicLink(publicToken, endpoint) {
    const signedIn = await clientFor(publicToken, endpoint).magicLinks.authenticate(new URLSearchParams(location.search).get('token') ?? '', {
      session_duration_minutes: 30,
    });
    return signedIn.user_id;
  },
};
window.widget = api;
document.body.dataset.widgetReady = 'true';
