import type { App } from '../http/types.ts';
import { eventRoutes } from './events/routes.ts';
import { impersonationRoutes } from './impersonation/routes.ts';
import { magicLinkRoutes } from './magic-links/routes.ts';
import { oauthRoutes } from './oauth/routes.ts';
import { otpRoutes } from './otps/routes.ts';
import { passwordRoutes } from './passwords/routes.ts';
import { bootstrapRoutes } from './projects/bootstrap-routes.ts';
import { registerSdkGuards } from './sdk-guards.ts';
import { sessionRoutes } from './sessions/routes.ts';
import { identifierRoutes } from './users/identifier-routes.ts';
import type { IdentityService } from './service.ts';
import { totpRoutes } from './totps/routes.ts';
import { userRoutes } from './users/routes.ts';
import { webauthnRoutes } from './webauthn/routes.ts';
import { cryptoWalletRoutes } from './crypto-wallets/routes.ts';
import { idpRoutes } from './idp/routes.ts';

/** The /sdk/v1 auth service (spec §7). */
export async function identityRoutes(app: App, identity: IdentityService) {
  registerSdkGuards(app, identity);
  otpRoutes(app, identity.otps);
  magicLinkRoutes(app, identity.magicLinks);
  passwordRoutes(app, identity.passwords);
  identifierRoutes(app, identity.identifiers);
  sessionRoutes(app, identity.sessions);
  userRoutes(app, identity.users);
  totpRoutes(app, identity.totps);
  webauthnRoutes(app, identity.webauthn);
  cryptoWalletRoutes(app, identity.cryptoWallets);
  oauthRoutes(app, identity.oauth, identity.oneTap);
  impersonationRoutes(app, identity.impersonation);
  eventRoutes(app, identity.events);
  idpRoutes(app, identity);
  bootstrapRoutes(app, identity);
}
