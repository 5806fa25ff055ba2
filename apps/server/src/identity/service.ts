import type { AppContext } from '../context.ts';
import { createRateLimiter } from '../platform/rate-limiter.ts';
import { createCaptchaVerifier } from './captcha/verifier.ts';
import { senderDomain } from '../mail/sender.ts';
import { createEventService } from './events/service.ts';
import { createImpersonationService } from './impersonation/service.ts';
import { createMagicLinkService } from './magic-links/service.ts';
import { createOauthProviderConfigs } from './oauth/provider-configs.ts';
import { createOneTap } from './oauth/one-tap.ts';
import { createOauthService } from './oauth/service.ts';
import { createOtpService } from './otps/service.ts';
import { createBreachChecker } from './passwords/breach.ts';
import { createPasswordService } from './passwords/service.ts';
import { createSessionService } from './sessions/service.ts';
import { createSigningKeyring } from './sessions/signing-keys.ts';
import { createSdkCallerResolver, resolveSdkCaller } from './sdk-caller.ts';
import { createSignInKit } from './sign-in.ts';
import { ProjectNotFoundError } from './errors.ts';
import { findPlatformTenant, findTenantByPublicToken, invalidateTenants, type Tenant } from './tenants.ts';
import { createTotpService } from './totps/service.ts';
import { createIdentifierService } from './users/identifiers-service.ts';
import { createLockout } from './users/lockout.ts';
import { createUserService } from './users/service.ts';
import { createUserDirectory } from './users/directory.ts';
import { createWebauthnService } from './webauthn/service.ts';
import { createCryptoWalletService } from './crypto-wallets/service.ts';
import { createFarcasterService } from './farcaster/service.ts';
import { createIdentityProvider } from './idp/service.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The identity domain's face to the other domains. */
export function createIdentityService(ctx: AppContext) {
  const directory = createUserDirectory(ctx.db);
  const limiter = createRateLimiter(ctx.db);
  const keyring = createSigningKeyring(ctx.db, ctx.keys.master);
  const sessions = createSessionService(ctx, keyring);
  const lockout = createLockout(ctx.db, ctx.config.lockout);
  const kit = createSignInKit(ctx, { sessions, limiter, lockout });
  const otps = createOtpService(ctx, { sessions, kit });
  const magicLinks = createMagicLinkService(ctx, { sessions, kit });
  const passwords = createPasswordService(ctx, { sessions, kit, breach: createBreachChecker(ctx.config.passwordBreachApi, ctx.log) });
  const identifiers = createIdentifierService(ctx, { sessions, kit });
  const totps = createTotpService(ctx, { sessions, kit });
  const webauthn = createWebauthnService(ctx, { sessions, kit, findUser: directory.findUser });
  const cryptoWallets = createCryptoWalletService(ctx, { sessions, kit, directory });
  const farcaster = createFarcasterService(ctx, { kit, directory });
  const oauth = createOauthService(ctx, { kit });
  const oneTap = createOneTap(ctx, oauth);
  const oauthClients = createOauthProviderConfigs(ctx);
  const users = createUserService(ctx, sessions);
  const impersonation = createImpersonationService(ctx, sessions);
  const captcha = createCaptchaVerifier(ctx.config.captcha);
  const events = createEventService(ctx, limiter);
  const idp = createIdentityProvider(ctx, { keyring, sessions });
  const sender = senderDomain(ctx.config.mail.from);
  let platform: Tenant | undefined;

  async function platformTenant(): Promise<Tenant> {
    platform ??= await findPlatformTenant(ctx.db);
    if (!platform) throw new Error('the platform project is missing; start-up creates it');
    return platform;
  }

  return {
    sessions,
    otps,
    magicLinks,
    passwords,
    identifiers,
    totps,
    webauthn,
    cryptoWallets,
    farcaster,
    oauth,
    oneTap,
    oauthClients,
    users,
    impersonation,
    captcha,
    events,
    idp,
    limiter,
    /** The domains the projects' mail is sent from (MAIL_FROM's), for the bootstrap's `email_domains`. */
    emailDomains: sender ? [sender] : [],
    /** Who calls a /sdk/v1 route (the `publicToken` auth of http/auth.ts), one lookup per request. */
    sdkCallers: createSdkCallerResolver(ctx.db),
    /** The caller a form post names in its `__Authorization` field (the widget's POST /oauth/authorize). */
    sdkCallerOf: (authorization: string | undefined, cookieToken: string | undefined) => resolveSdkCaller(ctx.db, authorization, cookieToken),
    platformTenant,
    /**
     * The project a public token names (GET /sdk/v1/projects/bootstrap/:public_token).
     * @throws ProjectNotFoundError when it names none.
     */
    async projectByPublicToken(publicToken: string): Promise<Tenant> {
      const tenant = await findTenantByPublicToken(ctx.db, publicToken);
      if (!tenant) throw new ProjectNotFoundError('The public token does not match any project.');
      return tenant;
    },
    /** The projects domain calls this after changing a project's name, allowed origins or auth config. */
    tenantChanged: () => {
      platform = undefined;
      invalidateTenants(ctx.db);
    },
    /** A console user (a user of the platform project) by email, created pending if new. */
    async getOrCreatePlatformUser(email: string) {
      const tenant = await platformTenant();
      const { user, created } = await directory.getOrCreateUserByEmail(tenant.projectId, email);
      return { userId: user.id, created };
    },
    /**
     * The project's auth user who has `email` (lower case), created pending if there is none, so that whoever
     * later signs in to the project with that address is that user. Safe under concurrency.
     */
    async getOrCreateProjectUserByEmail(projectId: string, email: string) {
      const { user, created } = await directory.getOrCreateUserByEmail(projectId, email);
      return { userId: user.id, created };
    },
    /** The project's auth user who has `email` (lower case), if any. */
    async findProjectUserByEmail(projectId: string, email: string) {
      const row = await directory.findEmail(projectId, email);
      return row ? { userId: row.userId } : undefined;
    },
    /** The project's auth user with this id, if any (ids that are not UUIDs name nobody). */
    async findProjectUser(projectId: string, userId: string) {
      if (!uuidPattern.test(userId)) return undefined;
      const user = await directory.findUser(projectId, userId.toLowerCase());
      return user ? { userId: user.id } : undefined;
    },
    /**
     * The auth users, in every project, who have one of the platform user's verified email addresses: whose
     * email wallets are the platform user's on /user/collection (ADR 060).
     */
    async emailOwnersAcrossProjects(platformUserId: string): Promise<Array<{ projectId: string; userId: string }>> {
      const verified = (await directory.listEmails(platformUserId)).filter((e) => e.verified).map((e) => e.email);
      return directory.findUsersByEmails(verified);
    },
    /** Email addresses of a platform user, first one first. */
    async platformUserProfile(userId: string) {
      const tenant = await platformTenant();
      const found = await directory.findUserWithFactors(tenant.projectId, userId);
      if (!found) return undefined;
      const { user, factors } = found;
      const passkeys = factors.webauthn_registrations.map(({ webauthn_registration_id, name }) => ({ webauthn_registration_id, name }));
      return { userId: user.id, email: factors.emails[0]?.email ?? '', name: user.name, createdAt: user.createdAt, webauthnRegistrations: passkeys };
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
