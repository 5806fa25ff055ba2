import type { AppContext } from '../../context.ts';
import type { SessionService } from '../sessions/service.ts';
import type { SigningKeyring } from '../sessions/signing-keys.ts';
import { createIdpAuthorize } from './authorize.ts';
import { createConnectedApps } from './clients.ts';
import { createIdpTokens } from './tokens.ts';

/**
 * The project's OpenID Connect identity provider (ADR 115): its connected apps (console), the widget's §7 calls
 * (authorize, logout) and the protocol endpoints (discovery, JWKS, token, userinfo). ID tokens are signed with the
 * project's JWT signing keys (sealed at rest).
 */
export function createIdentityProvider(ctx: AppContext, deps: { keyring: SigningKeyring; sessions: SessionService }) {
  const apps = createConnectedApps(ctx);
  const tokens = createIdpTokens(ctx, { ...deps, issuerOf: apps.issuerOf });
  const authorize = createIdpAuthorize(ctx, { sessions: deps.sessions, tokens, issuerOf: apps.issuerOf });
  return { apps, tokens, authorize };
}

export type IdentityProvider = ReturnType<typeof createIdentityProvider>;
