import type { AppContext } from '../../context.ts';
import { constantTimeEqual, sha256Hex } from '../../platform/secrets.ts';
import { OauthProtocolError } from './errors.ts';
import * as store from './store.ts';

/** The client's credentials as the request carried them (RFC 6749 §2.3: Basic header or body). */
export type ClientCredentials = { clientId: string | undefined; clientSecret: string | undefined };

/**
 * RFC 6749 §2.3 client authentication, shared by the token, revocation and introspection endpoints: a confidential
 * app by its secret (client_secret_basic or client_secret_post), a public app by its client_id alone.
 * @throws OauthProtocolError invalid_client
 */
export async function authenticateClient(ctx: AppContext, projectId: string, credentials: ClientCredentials): Promise<store.IdpClientRow> {
  if (!credentials.clientId) throw new OauthProtocolError('invalid_client', 'client_id is required.');
  const client = await store.findClient(ctx.db, projectId, credentials.clientId);
  if (!client) throw new OauthProtocolError('invalid_client', 'No connected app of this project has that client_id.');
  if (client.clientAuth === 'confidential') {
    const ok =
      credentials.clientSecret !== undefined &&
      client.clientSecretHash !== null &&
      constantTimeEqual(sha256Hex(credentials.clientSecret), client.clientSecretHash);
    if (!ok) throw new OauthProtocolError('invalid_client', 'The client secret is missing or wrong.');
  }
  return client;
}
