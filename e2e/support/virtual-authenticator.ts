// Chromium's virtual WebAuthn authenticator over the DevTools protocol (WebAuthn.enable, addVirtualAuthenticator):
// a platform authenticator that holds discoverable credentials and verifies the user, answering every ceremony at
// once, conditional (autofill) requests included. See DEVELOPERS.md, "Passkey tests".
import type { Page } from '@playwright/test';

export type VirtualCredential = { credentialId: string; isResidentCredential: boolean; rpId?: string; userHandle?: string; signCount: number };

export type VirtualAuthenticator = {
  id: string;
  /** The credentials it holds (ids in base64, as the protocol reports them). */
  credentials(): Promise<VirtualCredential[]>;
  /** Whether user presence checks pass at once (the default) or never resolve: a ceremony then waits until aborted. */
  presence(enabled: boolean): Promise<void>;
};

/** Adds a virtual authenticator to the page's browser tab (it stays across navigations of the tab). */
export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    id: authenticatorId,
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    presence: async (enabled) => void (await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled })),
  };
}

/** Adds `<input autocomplete="username webauthn">` (with its label) to the page: where passkey autofill is offered. */
export async function addAutofillInput(page: Page): Promise<void> {
  await page.evaluate(() => {
    const label = document.createElement('label');
    label.textContent = 'Email ';
    const input = document.createElement('input');
    input.type = 'email';
    input.name = 'email';
    input.autocomplete = 'username webauthn';
    label.append(input);
    document.body.prepend(label);
  });
}
