// The product's own session (/api/session…, spec §3 "Session (app)") and the signed-in user's NFTs.
import { z } from 'zod';
import { emailSchema, pageFields, pageQuerySchema, perPageQuerySchema } from '../common.ts';
import { otpTemplateIds } from '../sdk/otps.ts';
import { nftViewSchema } from './collection-nfts.ts';

export const sessionUserSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  createdAt: z.string(),
  webauthn_registrations: z.array(z.object({ webauthn_registration_id: z.string(), name: z.string() })),
});

/** GET /api/session: the signed-in user, or `{}` when signed out. */
export const signedInSessionSchema = z.object({ user: sessionUserSchema, expires: z.string() });
export const sessionResponse = z.union([signedInSessionSchema, z.object({}).strict()]);

/**
 * The product app's sign-in methods (spec §3 "Sign-in methods"), named by `signinAuthenticationMethod`
 * (docs/decisions/104). Any other name is answered 'Provider {x} is not yet supported'.
 */
export const sessionSignInMethods = ['email', 'phone', 'farcaster', 'solana', 'evm', 'google', 'discord'] as const;
export type SessionSignInMethod = (typeof sessionSignInMethods)[number];
/** The methods that sign in through the OAuth flow (a GET that redirects to the provider). */
export const sessionOauthMethods = ['google', 'discord'] as const;

/** Where the platform project's OAuth flow sends the browser back to (an allowed redirect URL of the platform project). */
export const PRODUCT_OAUTH_CALLBACK_PATH = '/api/session/authenticate/oauth';

const callbackUrlField = z.string({ message: 'callbackUrl must be a string' }).max(2000, { message: 'callbackUrl may have at most 2000 characters' });

/**
 * The query of /api/session/authenticate: the method (a free string: an unknown one gets the spec's message) and
 * where to go next. `apiKey` is what the incumbent's SDK adds to a Farcaster sign-in (spec §7): accepted, unused.
 */
export const sessionAuthenticateQuery = z.object({
  signinAuthenticationMethod: z.string({ message: 'signinAuthenticationMethod must be a string' }).max(100).optional(),
  callbackUrl: callbackUrlField.optional(),
  apiKey: z.string({ message: 'apiKey must be a string' }).max(200).optional(),
});

/** POST /api/dev/farcaster/fids (dev mode, devnet only): makes the address the custody address of the fid. */
export const devFarcasterFidBody = z.object({
  custodyAddress: z
    .string({ message: 'custodyAddress must be a string' })
    .regex(/^0x[0-9a-fA-F]{40}$/, { message: 'custodyAddress must be 0x and 40 hex digits' }),
  fid: z
    .number({ message: 'fid must be a number' })
    .int({ message: 'fid must be a whole number' })
    .positive({ message: 'fid must be positive' })
    .max(Number.MAX_SAFE_INTEGER),
});
export const devFarcasterFidResponse = z.object({ custodyAddress: z.string(), fid: z.number() });

/** POST /api/session/farcaster/nonce: optionally the custody address whose fid the page wants to know. */
export const farcasterNonceBody = z.object({ custodyAddress: z.string({ message: 'custodyAddress must be a string' }).min(1).max(100).optional() }).nullish();
/**
 * A nonce for a Sign In With Farcaster message (single use, 10 minutes), with the fields the message must carry:
 * `domain`, `uri`, `chainId` (10, Optimism) and `statement`; `expirationTime` is the nonce's. `fid`: the fid
 * the custody address holds in Farcaster's ID registry (0: none), null when no address was given.
 */
export const farcasterNonceResponse = z.object({
  nonce: z.string(),
  domain: z.string(),
  uri: z.string(),
  chainId: z.literal(10),
  statement: z.string(),
  expirationTime: z.string(),
  fid: z.number().nullable(),
});

/**
 * POST /api/session/authenticate. email / phone (or no method): an auth-service session token of the platform
 * project. evm / solana: the wallet's address, the challenge it signed and the signature. farcaster
 * (docs/decisions/108): the Sign In With Farcaster message and its signature, with what the Farcaster client says
 * of the account (`fid`, which must be the message's, and `username`, `pfpUrl`, kept for display).
 */
export const sessionAuthenticateBody = z.object({
  session_token: z.string({ message: 'session_token must be a string' }).min(1).max(200).optional(),
  walletAddress: z.string({ message: 'walletAddress must be a string' }).min(1).max(100).optional(),
  message: z.string({ message: 'message must be a string' }).min(1).max(4000).optional(),
  signature: z.string({ message: 'signature must be a string' }).min(1).max(2000).optional(),
  fid: z
    .number({ message: 'fid must be a number' })
    .int({ message: 'fid must be a whole number' })
    .positive({ message: 'fid must be positive' })
    .max(Number.MAX_SAFE_INTEGER, { message: 'fid is too large' })
    .optional(),
  username: z.string({ message: 'username must be a string' }).max(100).optional(),
  pfpUrl: z.string({ message: 'pfpUrl must be a string' }).max(2000).optional(),
});
export const sessionAuthenticateResponse = z.object({
  ok: z.literal(true),
  status: z.literal(200),
  error: z.null(),
  /** Where to go next: the request's callbackUrl when it is a same-origin path, else '/'. */
  callbackUrl: z.string(),
});

/** GET /api/session/authenticate/{token}: the OAuth flow's return (`token` from the redirect's query). */
export const sessionAuthenticateTokenParams = z.object({ token: z.string().min(1).max(200) });
export const sessionAuthenticateTokenQuery = z.object({
  token: z.string().max(200).optional(),
  stytch_token_type: z.string().max(50).optional(),
  callbackUrl: callbackUrlField.optional(),
});

/** POST /api/session/exchange-access-token: a session JWT of the platform project becomes the console session cookie. */
export const exchangeAccessTokenBody = z.object({
  access_token: z.string({ message: 'access_token must be a string' }).min(1).max(8000),
  callbackUrl: callbackUrlField.optional(),
});

/** POST and GET /api/session/signout: where to go next (a same-origin path). */
export const signoutQuery = z.object({ callbackUrl: z.string().max(2000).optional() });
export const signoutBody = z.object({ callbackUrl: z.string().max(2000).optional() }).nullish();
export const signoutResponse = z.object({ url: z.string() });

/** POST /api/sdk/auth/user/get-or-create: whether the email has a project, and the sign-in email template for it. */
export const getOrCreateUserBody = z.object({ email: emailSchema });
export const getOrCreateUserResponse = z.object({ hasProject: z.boolean(), templateId: z.enum(otpTemplateIds) });

/** GET /api/session/nfts: the signed-in user's NFTs in every project, newest first (ADR 060). */
export const myNftSchema = nftViewSchema.extend({ collection: z.object({ id: z.string(), name: z.string() }) });
export const myNftsQuery = z.object({ page: pageQuerySchema, perPage: perPageQuerySchema });
export const myNftsResponse = z.object({ nfts: z.array(myNftSchema), ...pageFields });
