import { createUIClient, type UIClient } from '@keepsake/auth-ui/core';
import { passkeysUI } from '@keepsake/auth-ui/passkeys';
import { consoleAuthClient } from '../../../lib/auth/auth-client';

let client: Promise<UIClient> | undefined;

/**
 * The sign-in widget's UI client for the console's passkey management: the passkeys product module over the
 * console's one auth client (the same session, and no second client for the platform project's token).
 *
 * @example
 * const ui = await passkeysUIClient();
 * ui.mountPasskeyRegistration({ elementId: '#passkeys' });
 */
export function passkeysUIClient(): Promise<UIClient> {
  client ??= consoleAuthClient().then(
    (auth) => createUIClient(auth.publicToken, { products: [passkeysUI], headless: auth }),
    (error: unknown) => {
      client = undefined;
      throw error;
    },
  );
  return client;
}
