import { z } from 'zod';

/** Spec §9: the PKCE challenge is base64url(SHA-256(verifier)), 43 characters. */
export const codeChallengeSchema = z
  .string({ message: 'code_challenge must be a string' })
  .regex(/^[A-Za-z0-9_-]{43}$/, { message: 'code_challenge must be the base64url SHA-256 of the code_verifier (43 characters)' });

/** Spec §9 builds the verifier from 16 random 32-bit values in hex; RFC 7636 characters, at most 256. */
export const codeVerifierSchema = z
  .string({ message: 'code_verifier must be a string' })
  .regex(/^[A-Za-z0-9._~-]{1,256}$/, { message: 'code_verifier must be 1 to 256 characters of A-Z a-z 0-9 - . _ ~' });
