import { StytchUIClient } from '@keepsake/auth-ui';

const clients = new Map<string, StytchUIClient>();

/**
 * The playground preview's UI client for a project's public token, against this server (the widget's default
 * endpoint is the page's origin). One per token for the page's life. Its session cookies have names of their
 * own, so signing in inside the preview never touches the console's own auth session; telemetry is off, since
 * previews are not the project's users.
 */
export function previewClient(publicToken: string): StytchUIClient {
  let client = clients.get(publicToken);
  if (!client) {
    client = new StytchUIClient(publicToken, {
      telemetry: false,
      cookieOptions: {
        opaqueTokenCookieName: 'keepsake_playground_session',
        jwtCookieName: 'keepsake_playground_session_jwt',
        istCookieName: 'keepsake_playground_intermediate_session_token',
      },
    });
    clients.set(publicToken, client);
  }
  return client;
}
