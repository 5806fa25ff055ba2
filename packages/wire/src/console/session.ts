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

/** POST /api/session/authenticate: an auth-service session token becomes the console session cookie. */
export const sessionAuthenticateBody = z.object({ session_token: z.string({ message: 'session_token must be a string' }).min(1).max(200) });
export const sessionAuthenticateResponse = z.object({ ok: z.literal(true), status: z.literal(200), error: z.null() });

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
