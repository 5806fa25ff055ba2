import type { AppContext } from '../../context.ts';
import type { SessionService } from '../sessions/service.ts';
import type { SigningKeyring } from '../sessions/signing-keys.ts';
import { createAccessTokens } from './access-tokens.ts';
import { createIdpAuthorize } from './authorize.ts';
import { createConnectedApps } from './clients.ts';
import { createTokenLifecycle } from './token-lifecycle.ts';
import { createIdpTokens } from './tokens.ts';

/**
 * The project's OpenID Connect identity provider (ADR 115): its connected apps (console), the widget's §7 calls
 * (authorize, logout) and the protocol endpoints (discovery, JWKS, token, userinfo, revocation, introspection). ID tokens are signed with the
 * project's JWT signing keys (sealed at rest).
 */
export function createIdentityProvider(ctx: AppContext, deps: { keyring: SigningKeyring; sessions: SessionService }) {
  const apps = createConnectedApps(ctx);
  const accessTokens = createAccessTokens(ctx, { keyring: deps.keyring, issuerOf: apps.issuerOf });
  const tokens = createIdpTokens(ctx, { ...deps, accessTokens, issuerOf: apps.issuerOf });
  const lifecycle = createTokenLifecycle(ctx, { accessTokens, issuerOf: apps.issuerOf });
  const authorize = createIdpAuthorize(ctx, { sessions: deps.sessions, tokens, issuerOf: apps.issuerOf });
  return { apps, tokens, lifecycle, authorize };
}

export type IdentityProvider = ReturnType<typeof createIdentityProvider>;
