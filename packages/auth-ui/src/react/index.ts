// `@keepsake/auth-ui/react`: the incumbent's React components with the same props. `<StytchLogin>` mounts the
// UI client's widget into a div it renders (React is the app's own; the widget inside is the same as vanilla).
import { createContext, createElement, useContext, useEffect, useId, type ReactNode } from 'react';
import type { MountIdentityProviderOptions, MountLoginOptions, MountPasskeyRegistrationOptions, MountResetPasswordOptions, UIClient } from '../core.ts';

const ClientContext = createContext<UIClient | null>(null);

/** Makes the UI client available to `<StytchLogin>` and `useStytch()`. */
export function StytchProvider({ stytch, children }: { stytch: UIClient; children?: ReactNode }) {
  return createElement(ClientContext.Provider, { value: stytch }, children);
}

/** The UI client of the nearest `<StytchProvider>` (spec §8: '{hook} can only be used inside <provider>'). */
export function useStytch(): UIClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useStytch can only be used inside <StytchProvider>');
  return client;
}

export type StytchLoginProps = Omit<MountLoginOptions, 'elementId'>;

/**
 * A div the widget is mounted into with `mount(client, elementId)` whenever `inputs` change, and unmounted from
 * when the component goes.
 */
function useMountedWidget(prefix: string, mount: (client: UIClient, elementId: string) => void, inputs: unknown[]) {
  const client = useStytch();
  const id = `${prefix}-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  useEffect(() => {
    mount(client, `#${id}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `inputs` are the mount's arguments
  }, [client, id, ...inputs]);
  useEffect(() => {
    const element = document.getElementById(id);
    return () => {
      if (element) client.unmount(element);
    };
  }, [client, id]);
  return createElement('div', { id });
}

/** The login widget: `<StytchLogin config={…} styles={…} callbacks={…} />`. */
export function StytchLogin({ config, styles, callbacks }: StytchLoginProps) {
  return useMountedWidget(
    'stytch-login',
    (client, elementId) => client.mountLogin({ elementId, config, ...(styles ? { styles } : {}), ...(callbacks ? { callbacks } : {}) }),
    [config, styles, callbacks],
  );
}

export type StytchPasskeyRegistrationProps = Omit<MountPasskeyRegistrationOptions, 'elementId'>;

/** Passkey registration for the signed-in user: `<StytchPasskeyRegistration styles={…} callbacks={…} />`. */
export function StytchPasskeyRegistration({ config, styles, callbacks }: StytchPasskeyRegistrationProps) {
  return useMountedWidget(
    'stytch-passkey-registration',
    (client, elementId) =>
      client.mountPasskeyRegistration({ elementId, ...(config ? { config } : {}), ...(styles ? { styles } : {}), ...(callbacks ? { callbacks } : {}) }),
    [config, styles, callbacks],
  );
}

export type StytchPasswordResetProps = Omit<MountResetPasswordOptions, 'elementId'>;

/** The reset-password widget: `<StytchPasswordReset passwordResetToken={token} config={…} />` on the reset link's page. */
export function StytchPasswordReset({ config, styles, callbacks, passwordResetToken }: StytchPasswordResetProps) {
  return useMountedWidget(
    'stytch-password-reset',
    (client, elementId) =>
      client.mountResetPassword({ elementId, config, passwordResetToken, ...(styles ? { styles } : {}), ...(callbacks ? { callbacks } : {}) }),
    [config, styles, callbacks, passwordResetToken],
  );
}

export type IdentityProviderProps = Omit<MountIdentityProviderOptions, 'elementId'>;

/**
 * The identity provider's consent and logout screens (spec §2 IDP consent): render it on your authorization
 * URL's page, `<IdentityProvider styles={…} callbacks={…} />`; it reads the request from the page URL.
 */
export function IdentityProvider({ styles, callbacks, config, getRedirectUrl }: IdentityProviderProps) {
  return useMountedWidget('stytch-idp', (client, elementId) => client.mountIdentityProvider({ elementId, styles, callbacks, config, getRedirectUrl }), [
    styles,
    callbacks,
    config,
    getRedirectUrl,
  ]);
}
