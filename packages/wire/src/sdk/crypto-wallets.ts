// Crypto wallets (spec §7 /crypto_wallets): a challenge for an Ethereum or Solana address, then sign-in with the
// wallet's signature of it. Ethereum challenges are EIP-4361 (Sign-In with Ethereum) messages when the client sends
// `siwe_params` (the Stytch clients do when bootstrap's `siwe_required_for_crypto_wallets` is true).
import { z } from 'zod';
import { sdkEnvelope } from './envelope.ts';
import { authenticatedPayload, sessionDurationSchema } from './sessions.ts';

export const cryptoWalletTypes = ['ethereum', 'solana'] as const;
export type CryptoWalletType = (typeof cryptoWalletTypes)[number];

const walletAddress = z
  .string({ message: 'crypto_wallet_address must be a string' })
  .min(1, { message: 'Empty parameter crypto_wallet_address' })
  .max(128, { message: 'crypto_wallet_address must be at most 128 characters' })
  .describe('An Ethereum address (0x and 40 hex digits) or a Solana address (base58 of a 32-byte ed25519 public key).');

const walletType = z
  .string({ message: 'crypto_wallet_type must be a string' })
  .min(1, { message: 'Empty parameter crypto_wallet_type' })
  .max(32, { message: 'crypto_wallet_type must be at most 32 characters' })
  .describe('ethereum or solana.');

const rfc3339 = (field: string) =>
  z
    .string({ message: `siwe_params.${field} must be a string` })
    .max(64, { message: `siwe_params.${field} must be at most 64 characters` })
    .refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value)), {
      message: `siwe_params.${field} must be an RFC 3339 time such as 2021-12-29T12:33:09Z`,
    })
    .optional();

// Every client-set field lands on a line of the EIP-4361 message the wallet shows and signs; a line break (or any
// other control character) in one would add lines of its own, such as a second `Nonce:` or `Chain ID:` (issue 22
// item 10). So each field is held to what the message grammar allows there.

/** Control characters (C0, DEL, C1), the Unicode line and paragraph separators, and the bidirectional overrides. */
const notOnALine = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
/** RFC 3986 leaves no room for spaces or control characters in an authority or URI (the URL parser would drop some). */
const notInAUri = /[\s\p{Cc}\u2028\u2029]/u;
/** EIP-4361 `request-id = *pchar` (RFC 3986): unreserved, percent-encoded, sub-delims, ":" and "@". */
const requestId = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*$/;

const uriText = (field: string, max: number) =>
  z
    .string({ message: `siwe_params.${field} must be a string` })
    .max(max, { message: `siwe_params.${field} must be at most ${max} characters` })
    .refine((value) => !notInAUri.test(value), { message: `siwe_params.${field} must not contain spaces, line breaks or other control characters` });

/** The Sign-In with Ethereum fields a client may set (the Stytch SDK's SIWEParams); the rest the server fills in. */
export const siweParamsSchema = z.object({
  domain: uriText('domain', 253).optional().describe("The RFC 3986 authority asking for the signature (default: the URI's host and port)."),
  uri: uriText('uri', 2048)
    .optional()
    .describe("The page asking for the signature; its origin must be one of the project's allowed origins. The Stytch SDK sends window.location.origin."),
  chain_id: z
    .string({ message: 'siwe_params.chain_id must be a string' })
    .regex(/^[1-9]\d{0,15}$/, { message: 'siwe_params.chain_id must be a positive whole number, such as 1' })
    .optional()
    .describe('The EIP-155 chain id (default 1): where a smart-account signature is checked.'),
  issued_at: rfc3339('issued_at'),
  not_before: rfc3339('not_before'),
  statement: z
    .string({ message: 'siwe_params.statement must be a string' })
    .max(1024, { message: 'siwe_params.statement must be at most 1024 characters' })
    .refine((value) => !notOnALine.test(value), { message: 'siwe_params.statement must not contain a line break or other control character' })
    .optional(),
  message_request_id: z
    .string({ message: 'siwe_params.message_request_id must be a string' })
    .max(256, { message: 'siwe_params.message_request_id must be at most 256 characters' })
    .regex(requestId, {
      message: "siwe_params.message_request_id may hold only letters, digits, percent-escapes and -._~!$&'()*+,;=:@ (EIP-4361 request-id)",
    })
    .optional(),
  resources: z
    .array(uriText('resources', 2048), { message: 'siwe_params.resources must be an array of URIs' })
    .max(32, { message: 'siwe_params.resources may hold at most 32 URIs' })
    .optional(),
});
export type SiweParams = z.infer<typeof siweParamsSchema>;

/** POST /crypto_wallets/authenticate/start/primary and /secondary. */
export const cryptoWalletStartBody = z.object({
  crypto_wallet_address: walletAddress,
  crypto_wallet_type: walletType,
  siwe_params: siweParamsSchema.nullish(),
  captcha_token: z.string().max(4096).optional(),
});

export const cryptoWalletStartResponse = sdkEnvelope({
  challenge: z
    .string()
    .describe('The exact text the wallet signs (Ethereum: personal_sign; Solana: signMessage of its UTF-8 bytes). Valid for 10 minutes, once.'),
});

/** POST /crypto_wallets/authenticate. */
export const cryptoWalletAuthenticateBody = z.object({
  crypto_wallet_address: walletAddress,
  crypto_wallet_type: walletType,
  signature: z
    .string({ message: 'signature must be a string' })
    .min(1, { message: 'Empty parameter signature' })
    .max(20_000, { message: 'signature must be at most 20000 characters' })
    .describe('Ethereum: the 0x-hex signature (65 bytes, or an ERC-1271 / ERC-6492 smart-account signature). Solana: base58 of the 64-byte signature.'),
  session_duration_minutes: sessionDurationSchema.optional(),
  captcha_token: z.string().max(4096).optional(),
  dfp_telemetry_id: z.string().max(512).optional(),
});

export const siweResultSchema = z.object({
  domain: z.string(),
  uri: z.string(),
  chain_id: z.string(),
  resources: z.array(z.string()),
  issued_at: z.string(),
  message_request_id: z.string(),
});

export const cryptoWalletAuthenticateResponse = sdkEnvelope({
  ...authenticatedPayload,
  crypto_wallet_id: z.string(),
  siwe_params: siweResultSchema.nullable().describe('The Sign-In with Ethereum fields of the signed message; null for a plain challenge.'),
});
