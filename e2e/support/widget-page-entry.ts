// The sign-in widget's test page (e2e/auth-ui-widget.spec.ts): @keepsake/auth-ui bundled as an app would bundle
// it, served by the SDK test site under /widget (sdk-site.ts). `window.widget.mount(…)` mounts the widget into
// #login the way a customer's page does; the callbacks' events and errors are kept for the spec to read.
import { StytchUIClient, type StyleConfig, type StytchLoginConfig } from '@keepsake/auth-ui';

export type WidgetTestApi = {
  events: string[];
  errors: string[];
  mount(publicToken: string, endpoint: string, config: StytchLoginConfig, styles?: StyleConfig): void;
  /** mountIdentityProvider into #login: the IDP Consent screen for this page's query (e2e/auth-ui-idp.spec.ts). */
  mountIdentityProvider(publicToken: string, endpoint: string, styles?: StyleConfig): void;
};

declare global {
  interface Window {
    widget: WidgetTestApi;
  }
}

const api: WidgetTestApi = {
  events: [],
  errors: [],
  mount(publicToken, endpoint, config, styles) {
    const client = new StytchUIClient(publicToken, { endpoint });
    client.mountLogin({
      elementId: '#login',
      config,
      ...(styles ? { styles } : {}),
      callbacks: { onEvent: (event) => api.events.push(event.type), onError: (error) => api.errors.push(error.message) },
    });
  },
  mountIdentityProvider(publicToken, endpoint, styles) {
    new StytchUIClient(publicToken, { endpoint }).mountIdentityProvider({
      elementId: '#login',
      ...(styles ? { styles } : {}),
      callbacks: { onEvent: (event) => api.events.push(event.type), onError: (error) => api.errors.push(error.message) },
    });
  },
};
window.widget = api;
document.body.dataset.widgetReady = 'true';
