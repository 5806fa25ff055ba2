import { StytchUIClient } from '@keepsake/auth-ui';

let client: StytchUIClient | undefined;

/**
 * /signin's widget client: every product, for the platform project's public token, against this server. Its
 * session cookies are the auth client's default ones, the same the console's auth client reads, so signing out
 * (lib/auth/auth-client.ts `endAuthSession`) revokes the session the widget started. One for the page's life.
 */
export function signInUIClient(publicToken: string): StytchUIClient {
  if (client?.publicToken !== publicToken) client = new StytchUIClient(publicToken);
  return client;
}
