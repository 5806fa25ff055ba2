import { randomUUID } from 'node:crypto';
import type { AuthenticationFactor } from '@keepsake/db/schema';
import type { SiweParams } from '@keepsake/wire/sdk/crypto-wallets';
import type { AppContext } from '../../context.ts';
import { SessionNotFoundError, type SessionService } from '../sessions/service.ts';
import type { SignInCaller, SignInKit } from '../sign-in.ts';
import type { UserDirectory, WalletRow } from '../users/directory.ts';
import { NoActiveSessionError, PasskeySessionNotFoundError } from '../webauthn/errors.ts';
import { passkeyOriginAllowed } from '../webauthn/relying-party.ts';
import { CHALLENGE_TTL_MS, CHALLENGES_PER_WALLET, plainChallenge, siweChallenge, type SiweRecord } from './challenges.ts';
import { CryptoWalletChallengeNotFoundError, DuplicateCryptoWalletError, UnableToAuthCryptoWalletError } from './errors.ts';
import { verifyEthereumSignature, type VerifyingChain } from './ethereum-signatures.ts';
import { outstandingChallenges, putChallenge, takeChallenge, type CryptoWalletChallengeRow } from './store.ts';
import { verifySolanaSignature, walletKeyOf, type WalletKey } from './wallet-keys.ts';

export type StartInput = {
  address: string;
  walletType: string;
  siweParams: SiweParams | null | undefined;
  /** The request's Origin header: the SIWE URI when the client names none. */
  origin: string | undefined;
  secondary: boolean;
};

export type AuthenticateInput = {
  address: string;
  walletType: string;
  signature: string;
  sessionDurationMinutes: number | undefined;
  /** The text the caller says was signed (the product app's wallet sign-in sends it): it must be the challenge. */
  signedMessage?: string | undefined;
};

function walletFactor(wallet: WalletRow): AuthenticationFactor {
  return {
    type: 'crypto',
    delivery_method: 'crypto_wallet',
    last_authenticated_at: new Date().toISOString(),
    crypto_wallet_factor: { crypto_wallet_id: wallet.id, crypto_wallet_address: wallet.address, crypto_wallet_type: wallet.walletType },
  };
}

/**
 * Crypto wallets (spec §7 /crypto_wallets; docs/decisions/099): a challenge for an Ethereum or Solana address
 * (primary: to sign in or sign up; secondary: to add the wallet to the session's user), then its signature signs
 * in. Several outstanding challenges per wallet and project (ADR 131), each used once and valid for 10 minutes.
 */
export function createCryptoWalletService(ctx: AppContext, deps: { sessions: SessionService; kit: SignInKit; directory: UserDirectory }) {
  /** The session's user, with the §6 text when there is none. */
  async function sessionUser(caller: SignInCaller) {
    if (!caller.sessionToken) throw new NoActiveSessionError();
    try {
      return (await deps.sessions.currentUser(caller.tenant, caller.sessionToken)).user;
    } catch (error) {
      if (error instanceof SessionNotFoundError) throw new PasskeySessionNotFoundError();
      throw error;
    }
  }

  /** The chains a smart-account signature is checked on: the SIWE message's chain, or for a plain challenge every one. */
  function verifyingChains(challenge: CryptoWalletChallengeRow): VerifyingChain[] {
    const chainId = challenge.siwe ? Number(challenge.siwe.chain_id) : undefined;
    return ctx.chains.connections.filter((c) => chainId === undefined || c.chainId === chainId).map((c) => ({ chainId: c.chainId, client: c.client }));
  }

  /** The challenge among `challenges` that `signature` signs, or why none is. */
  async function signedChallenge(
    key: WalletKey,
    challenges: CryptoWalletChallengeRow[],
    signature: string,
  ): Promise<{ challenge: CryptoWalletChallengeRow } | { failure: string }> {
    if (key.walletType === 'solana') {
      const signed = challenges.find((challenge) => verifySolanaSignature(key.address, challenge.message, signature));
      return signed ? { challenge: signed } : { failure: 'the signature is not a base58 ed25519 signature of the challenge by this address.' };
    }
    const verdict = await verifyEthereumSignature(
      { address: key.address, messages: challenges.map((c) => ({ message: c.message, siwe: c.siwe !== null })), signature, now: new Date() },
      (index) => verifyingChains(challenges[index]!),
      (error) => ctx.log.warn({ err: error }, 'crypto wallet: smart-account signature check failed on the RPC'),
    );
    return verdict.ok ? { challenge: challenges[verdict.index]! } : { failure: verdict.reason };
  }

  /** The wallet for the session's user: theirs already, or added now. @throws DuplicateCryptoWalletError */
  async function walletOfUser(projectId: string, userId: string, key: WalletKey): Promise<WalletRow> {
    const existing = await deps.directory.findWallet(projectId, key);
    if (existing) {
      if (existing.userId !== userId) throw new DuplicateCryptoWalletError();
      return existing;
    }
    const added = await deps.directory.addWalletToUser(projectId, userId, key);
    if (!added) throw new DuplicateCryptoWalletError();
    return added;
  }

  return {
    /**
     * The challenge the wallet signs: an EIP-4361 message for an Ethereum wallet when the client sends
     * `siwe_params` or the project requires SIWE, a plain message otherwise.
     * @throws InvalidCryptoWalletTypeError, InvalidCryptoWalletAddressError, InvalidSiweParamsError, TooManyRequestsError; secondary:
     *   NoActiveSessionError, PasskeySessionNotFoundError, DuplicateCryptoWalletError
     */
    async authenticateStart(caller: SignInCaller, input: StartInput) {
      const key = walletKeyOf(input.walletType, input.address);
      let userId: string | null = null;
      if (input.secondary) {
        const user = await sessionUser(caller);
        const owner = await deps.directory.findWallet(caller.tenant.projectId, key);
        if (owner && owner.userId !== user.id) throw new DuplicateCryptoWalletError();
        userId = user.id;
      }
      await deps.kit.limitChallenge(caller.ip);
      await deps.kit.limitWalletStart(caller.ip, caller.tenant, key, CHALLENGES_PER_WALLET);
      const now = new Date();
      const siwe = key.walletType === 'ethereum' && (Boolean(input.siweParams) || caller.tenant.authConfig.cryptoWallets.siweRequired);
      const challenge = siwe
        ? siweChallenge({ key, params: input.siweParams ?? {}, callerOrigin: input.origin, now, statement: `Sign in to ${caller.tenant.name}.` }, (origin) =>
            passkeyOriginAllowed(caller.tenant, origin, ctx.config.publicUrl),
          )
        : plainChallenge(caller.tenant.name, key, now);
      await putChallenge(
        ctx.db,
        {
          id: randomUUID(),
          projectId: caller.tenant.projectId,
          userId,
          walletType: key.walletType,
          address: key.address,
          message: challenge.message,
          siwe: challenge.siwe,
          expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
        },
        CHALLENGES_PER_WALLET,
      );
      return { challenge: challenge.message };
    },

    /**
     * Verifies the wallet's signature of one of its outstanding challenges and signs in: the wallet's user (created
     * on first use), or after a secondary start the session's user, to whom the wallet is added. The challenge signed
     * is used up before anything else happens, so a signature is never accepted twice; a signature that signs none
     * leaves them all (else anyone could wipe the owner's challenge with a bad one: ADR 131).
     * @throws InvalidCryptoWalletTypeError, InvalidCryptoWalletAddressError, CryptoWalletChallengeNotFoundError,
     *   UnableToAuthCryptoWalletError, DuplicateCryptoWalletError, NoActiveSessionError, UserLockedError, TooManyRequestsError
     */
    async authenticate(caller: SignInCaller, input: AuthenticateInput) {
      await deps.kit.limitAuth(caller.ip);
      const key = walletKeyOf(input.walletType, input.address);
      const { projectId } = caller.tenant;
      const outstanding = await outstandingChallenges(ctx.db, { projectId, ...key });
      if (outstanding.length === 0) throw new CryptoWalletChallengeNotFoundError();
      const candidates = input.signedMessage === undefined ? outstanding : outstanding.filter((c) => c.message === input.signedMessage);
      if (candidates.length === 0) throw new UnableToAuthCryptoWalletError('the signed message is not the challenge this server issued for the wallet.');
      const known = await deps.directory.findWallet(projectId, key);
      const knownUser = known ? await deps.directory.findUser(projectId, known.userId) : undefined;
      if (knownUser) deps.kit.lockout.assertNotLocked(knownUser);
      const verdict = await signedChallenge(key, candidates, input.signature);
      // A failed signature counts against no user: it cannot be guessed, so the lockout (against guessing codes and
      // passwords) would only let anyone who knows the address lock its owner out (issue 22 item 9). The per-IP
      // attempt limit above still holds.
      if ('failure' in verdict) throw new UnableToAuthCryptoWalletError(verdict.failure);
      // Whoever deletes the row first signs in; a concurrent request with the same signature finds it gone.
      const challenge = await takeChallenge(ctx.db, verdict.challenge.id);
      if (!challenge) throw new CryptoWalletChallengeNotFoundError();
      let user;
      let wallet: WalletRow;
      if (challenge.userId !== null) {
        // Secondary: the wallet joins the user of the session that started, and the factor that session.
        const sessionUserNow = await sessionUser(caller);
        if (sessionUserNow.id !== challenge.userId) throw new UnableToAuthCryptoWalletError('this challenge was started by another session.');
        wallet = await walletOfUser(projectId, sessionUserNow.id, key);
        user = sessionUserNow;
      } else {
        const found = await deps.directory.getOrCreateUserByWallet(projectId, key);
        deps.kit.lockout.assertNotLocked(found.user);
        wallet = found.wallet;
        user = found.user;
      }
      await deps.directory.markWalletVerified(user.id, wallet.id);
      const result = await deps.kit.issueSession({ ...caller, sessionDurationMinutes: input.sessionDurationMinutes }, user, walletFactor(wallet));
      const siwe: SiweRecord | null = challenge.siwe;
      return { ...result, crypto_wallet_id: wallet.id, siwe_params: siwe };
    },
  };
}

export type CryptoWalletService = ReturnType<typeof createCryptoWalletService>;
