import type { Database } from '@keepsake/db/client';
import * as phones from './phones-store.ts';
import * as store from './store.ts';
import * as wallets from './wallets-store.ts';

export type { EmailRow, UserFactors, UserRow } from './store.ts';
export type { PhoneRow } from './phones-store.ts';
export type { WalletKey, WalletRow } from './wallets-store.ts';

/**
 * The users folder's face to the other identity folders (sign-in flows, sessions, impersonation, the identity
 * service): they find, create and verify users, emails and phone numbers through it, never through
 * users/store.ts, which lint keeps to this folder (docs/decisions/086).
 */
export function createUserDirectory(db: Database) {
  return {
    findUser: (projectId: string, userId: string) => store.findUser(db, projectId, userId),
    findUserWithFactors: (projectId: string, userId: string) => store.findUserWithFactors(db, projectId, userId),
    hasVerifiedTotp: (userId: string) => store.hasVerifiedTotp(db, userId),
    activateUser: (userId: string) => store.activateUser(db, userId),
    findUsersByEmails: (emails: string[]) => store.findUsersByEmails(db, emails),
    /** The project's email row for a lower-case address. */
    findEmail: (projectId: string, email: string) => store.findEmail(db, projectId, email),
    findEmailById: (projectId: string, emailId: string) => store.findEmailById(db, projectId, emailId),
    listEmails: (userId: string) => store.listEmails(db, userId),
    /** The user who has `email`, created pending if there is none; safe under concurrency. */
    getOrCreateUserByEmail: (projectId: string, email: string) => store.getOrCreateUserByEmail(db, projectId, email),
    /** The user owning a sign-in identifier another folder stores (an OAuth registration), created pending if there is none. */
    getOrCreateUserWith: <M extends { userId: string }>(projectId: string, method: store.IdentifierMethod<M>) =>
      store.getOrCreateUserWith(db, projectId, method),
    /** Adds an unverified address to a user; undefined when it belongs to someone already. */
    addEmailToUser: (projectId: string, userId: string, email: string) => store.addEmailToUser(db, projectId, userId, email),
    markEmailVerified: (userId: string, emailId: string) => store.markEmailVerified(db, userId, emailId),
    /** Sets the user's first and last name from a provider while they have none; never overwrites one. */
    fillNameIfEmpty: (userId: string, name: { firstName: string; lastName: string }) => store.fillNameIfEmpty(db, userId, name),
    findPhone: (projectId: string, phoneNumber: string) => phones.findPhone(db, projectId, phoneNumber),
    findPhoneById: (projectId: string, phoneId: string) => phones.findPhoneById(db, projectId, phoneId),
    /** The user who has the E.164 number, created pending if there is none. */
    getOrCreateUserByPhone: (projectId: string, phoneNumber: string) => phones.getOrCreateUserByPhone(db, projectId, phoneNumber),
    /** Adds an unverified number to a user; undefined when it belongs to someone already. */
    addPhoneToUser: (projectId: string, userId: string, phoneNumber: string) => phones.addPhoneToUser(db, projectId, userId, phoneNumber),
    markPhoneVerified: (userId: string, phoneId: string) => phones.markPhoneVerified(db, userId, phoneId),
    findWallet: (projectId: string, key: wallets.WalletKey) => wallets.findWallet(db, projectId, key),
    /** The user who has the wallet, created pending if there is none. */
    getOrCreateUserByWallet: (projectId: string, key: wallets.WalletKey) => wallets.getOrCreateUserByWallet(db, projectId, key),
    /** Adds an unverified wallet to a user; undefined when it belongs to someone already. */
    addWalletToUser: (projectId: string, userId: string, key: wallets.WalletKey) => wallets.addWalletToUser(db, projectId, userId, key),
    markWalletVerified: (userId: string, walletId: string) => wallets.markWalletVerified(db, userId, walletId),
  };
}

export type UserDirectory = ReturnType<typeof createUserDirectory>;
