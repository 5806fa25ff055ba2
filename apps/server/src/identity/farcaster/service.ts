import { randomBytes, randomUUID } from 'node:crypto';
import { createAppClient, viemConnector } from '@farcaster/auth-client';
import { farcasterFidOf, registerFarcasterFid } from '@keepsake/chains/actions/farcaster-devnet';
import type { AuthenticationFactor } from '@keepsake/db/schema';
import { getAddress, isAddress, type Address } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import type { AppContext } from '../../context.ts';
import type { SignInCaller, SignInKit } from '../sign-in.ts';
import type { Tenant } from '../tenants.ts';
import type { UserDirectory } from '../users/directory.ts';
import {
  CustodyHoldsFidError,
  FarcasterNonceNotFoundError,
  FarcasterUnavailableError,
  InvalidCustodyAddressError,
  InvalidFarcasterMessageError,
  UnableToAuthFarcasterError,
} from './errors.ts';
import { findAccount, insertAccount, putNonce, refreshAccount, takeNonce, type FarcasterAccountRow } from './store.ts';

/** How long a nonce may wait for its signed message. */
export const FARCASTER_NONCE_TTL_MS = 10 * 60 * 1000;
/** Sign In With Farcaster messages name Optimism, where the ID registry lives (whatever chain the RPC really is). */
export const FARCASTER_CHAIN_ID = 10 as const;
export const FARCASTER_STATEMENT = 'Farcaster Auth';

export type FarcasterAuthenticateInput = {
  message: string;
  signature: string;
  /** The fid the client says signed in: when given, it must be the message's. */
  fid: number | undefined;
  username: string | undefined;
  pfpUrl: string | undefined;
  sessionDurationMinutes: number | undefined;
};

type AppClient = ReturnType<typeof createAppClient>;
type Connector = ReturnType<typeof viemConnector>;

function farcasterFactor(account: FarcasterAccountRow): AuthenticationFactor {
  return {
    type: 'crypto',
    delivery_method: 'farcaster',
    last_authenticated_at: new Date().toISOString(),
    farcaster_factor: { farcaster_account_id: account.id, fid: Number(account.fid), custody_address: account.custodyAddress },
  };
}

/** The nonce the message names, or a 400 when it is not an EIP-4361 message at all. */
function nonceOf(message: string): string {
  let nonce: string | undefined;
  try {
    nonce = parseSiweMessage(message).nonce;
  } catch {
    nonce = undefined;
  }
  if (!nonce) throw new InvalidFarcasterMessageError('it is not an EIP-4361 message with a nonce.');
  return nonce;
}

/**
 * Sign In With Farcaster (the product app's farcaster method; docs/decisions/108): the server issues a nonce, the
 * Farcaster account's custody address signs an EIP-4361 message with it and a `farcaster://fid/<fid>` resource, and
 * `@farcaster/auth-client` verifies the message against Farcaster's ID registry on Optimism (FARCASTER_RPC_URL;
 * unset, the local devnet and its stand-in registries). A user is one fid of a project.
 */
export function createFarcasterService(ctx: AppContext, deps: { kit: SignInKit; directory: UserDirectory }) {
  let verifier: { rpcUrl: string; app: AppClient; connector: Connector } | undefined;

  /**
   * The auth client on the configured RPC, else, in dev mode only, the devnet's: a production server never takes
   * the local devnet's stand-in registries for Farcaster's. @throws FarcasterUnavailableError
   */
  function client() {
    const rpcUrl = ctx.config.farcaster.rpcUrl ?? (ctx.config.devMode ? ctx.chains.devnet?.rpcUrl : undefined);
    if (!rpcUrl) throw new FarcasterUnavailableError('set FARCASTER_RPC_URL to an Optimism RPC (only dev mode falls back to the local devnet).');
    if (verifier?.rpcUrl !== rpcUrl) {
      const connector = viemConnector({ rpcUrl });
      verifier = { rpcUrl, connector, app: createAppClient({ ethereum: connector }) };
    }
    return verifier;
  }

  /** The domain the messages must name: this server's host, where the sign-in page is. */
  const domain = () => new URL(ctx.config.publicUrl).host;

  async function userOfAccount(projectId: string, fid: bigint, fields: { custodyAddress: string; username: string | null; pfpUrl: string | null }) {
    const { user, method: account } = await deps.directory.getOrCreateUserWith(projectId, {
      find: (db) => findAccount(db, projectId, fid),
      insert: (tx, userId) => insertAccount(tx, { id: randomUUID(), projectId, userId, fid, ...fields }),
    });
    await refreshAccount(ctx.db, account.id, fields);
    return { user, account };
  }

  return {
    /**
     * Whether fids can be registered here: dev mode, with the devnet's stand-in registries as the ones verified
     * against (no FARCASTER_RPC_URL).
     */
    devRegistrationAvailable: () => ctx.config.devMode && !ctx.config.farcaster.rpcUrl && ctx.chains.devnet !== undefined,

    /**
     * Dev mode only: makes `custody` the custody address of `fid` in the devnet's stand-in ID registry, so that a
     * wallet can sign in with Farcaster locally. Refuses (DevnetOnlyError) any chain but the devnet.
     */
    async registerDevnetFid(custody: Address, fid: number): Promise<void> {
      const devnet = ctx.chains.get('devnet').client;
      const held = await farcasterFidOf(devnet, custody);
      if (held === BigInt(fid)) return;
      if (held !== 0n) throw new CustodyHoldsFidError(custody, held);
      await registerFarcasterFid(devnet, { custody, fid: BigInt(fid) });
    },

    /**
     * A nonce for a Sign In With Farcaster message, single use, valid for 10 minutes, of this project; with the
     * domain and URI the message must name. Given a custody address, also the fid it holds (0: none).
     * @throws TooManyRequestsError, FarcasterUnavailableError (reading the fid)
     */
    async issueNonce(caller: { tenant: Tenant; ip: string }, custodyAddress: string | undefined) {
      await deps.kit.limitChallenge(caller.ip);
      const nonce = randomBytes(16).toString('hex');
      const expiresAt = new Date(Date.now() + FARCASTER_NONCE_TTL_MS);
      let fid: number | null = null;
      if (custodyAddress !== undefined) {
        if (!isAddress(custodyAddress, { strict: false })) throw new InvalidCustodyAddressError();
        try {
          fid = Number(await client().connector.getFid(getAddress(custodyAddress)));
        } catch (error) {
          if (error instanceof FarcasterUnavailableError) throw error;
          ctx.log.warn({ err: error }, 'farcaster: the ID registry did not answer idOf');
          throw new FarcasterUnavailableError('the ID registry did not answer.');
        }
      }
      await putNonce(ctx.db, { nonce, projectId: caller.tenant.projectId, expiresAt });
      const uri = new URL(ctx.config.publicUrl).origin;
      return { nonce, domain: domain(), uri, chainId: FARCASTER_CHAIN_ID, statement: FARCASTER_STATEMENT, expirationTime: expiresAt.toISOString(), fid };
    },

    /**
     * Verifies the signed message and signs in as the fid's user (created on first sign-in). The nonce is used up
     * first, so a signed message is never accepted twice.
     * @throws InvalidFarcasterMessageError, FarcasterNonceNotFoundError, UnableToAuthFarcasterError,
     *   FarcasterUnavailableError, UserLockedError, TooManyRequestsError
     */
    async authenticate(caller: SignInCaller, input: FarcasterAuthenticateInput) {
      await deps.kit.limitAuth(caller.ip);
      const { projectId } = caller.tenant;
      const nonce = nonceOf(input.message);
      const { app } = client();
      const issued = await takeNonce(ctx.db, projectId, nonce);
      if (!issued || issued.expiresAt.getTime() <= Date.now()) throw new FarcasterNonceNotFoundError();
      let result: Awaited<ReturnType<AppClient['verifySignInMessage']>>;
      try {
        result = await app.verifySignInMessage({ nonce, domain: domain(), message: input.message, signature: input.signature as `0x${string}` });
      } catch (error) {
        ctx.log.warn({ err: error }, 'farcaster: the sign-in message check failed');
        throw new UnableToAuthFarcasterError('the signature does not verify.');
      }
      if (result.isError || !result.success) {
        const code = result.error?.errCode;
        if (code === 'bad_request.validation_failure') throw new InvalidFarcasterMessageError(String(result.error?.message ?? 'it does not validate.'));
        if (code === 'unavailable') {
          ctx.log.warn({ err: result.error }, 'farcaster: the ID registry did not answer');
          throw new FarcasterUnavailableError('the ID registry did not answer.');
        }
        throw new UnableToAuthFarcasterError(code === 'unauthorized' ? String(result.error?.message) : 'the signature does not verify.');
      }
      if (input.fid !== undefined && input.fid !== result.fid) {
        throw new UnableToAuthFarcasterError(`the message was signed for fid ${result.fid}, not fid ${input.fid}.`);
      }
      const custody: Address = result.data.address;
      const fid = BigInt(result.fid);
      const known = await findAccount(ctx.db, projectId, fid);
      const knownUser = known ? await deps.directory.findUser(projectId, known.userId) : undefined;
      if (knownUser) deps.kit.lockout.assertNotLocked(knownUser);
      const { user, account } = await userOfAccount(projectId, fid, {
        custodyAddress: custody.toLowerCase(),
        username: input.username ?? null,
        pfpUrl: input.pfpUrl ?? null,
      });
      deps.kit.lockout.assertNotLocked(user);
      await deps.directory.activateUser(user.id);
      const session = await deps.kit.issueSession({ ...caller, sessionDurationMinutes: input.sessionDurationMinutes }, user, farcasterFactor(account));
      return { ...session, fid: result.fid };
    },
  };
}

export type FarcasterService = ReturnType<typeof createFarcasterService>;
