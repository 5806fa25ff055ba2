import { randomUUID } from 'node:crypto';
import type { Database } from '@keepsake/db/client';
import type { OauthProvider } from '@keepsake/wire/sdk/oauth';
import type { UserDirectory, UserRow } from '../users/directory.ts';
import type { ProviderProfile } from './providers/types.ts';
import * as store from './store.ts';

/**
 * The user a provider account signs in as (docs/decisions/098): the one it is registered to; else, when the
 * provider vouches for the email address, the project's user with that address (created if new); else a new
 * user, who gets the address unverified if nobody has it. `isNew` while the user has never signed in (signup URL).
 * The provider's first and last name go on a user who has no name yet.
 */
export async function linkOauthAccount(
  db: Database,
  directory: UserDirectory,
  params: { projectId: string; provider: OauthProvider; profile: ProviderProfile; sealedTokens: string },
): Promise<{ user: UserRow; registration: store.OauthRegistrationRow; isNew: boolean }> {
  const linked = await findOrCreate(db, directory, params);
  await directory.fillNameIfEmpty(linked.user.id, params.profile);
  return linked;
}

async function findOrCreate(
  db: Database,
  directory: UserDirectory,
  params: { projectId: string; provider: OauthProvider; profile: ProviderProfile; sealedTokens: string },
): Promise<{ user: UserRow; registration: store.OauthRegistrationRow; isNew: boolean }> {
  const { projectId, provider, profile } = params;
  const fields = { profilePictureUrl: profile.pictureUrl, sealedTokens: params.sealedTokens };
  const find = () => store.findRegistration(db, projectId, provider, profile.subject);
  const insert = (d: Parameters<typeof store.insertRegistration>[0], userId: string) =>
    store.insertRegistration(d, { id: randomUUID(), projectId, userId, providerType: provider, providerSubject: profile.subject, ...fields });

  const existing = await find();
  const registered = existing ? await directory.findUser(projectId, existing.userId) : undefined;
  if (existing && registered) {
    await store.refreshRegistration(db, existing.id, fields);
    return { user: registered, registration: existing, isNew: registered.status === 'pending' };
  }
  if (profile.email && profile.emailVerified) {
    const { user, email } = await directory.getOrCreateUserByEmail(projectId, profile.email);
    await directory.markEmailVerified(user.id, email.id);
    const registration = (await insert(db, user.id)) ?? (await find());
    if (!registration) throw new Error('OAuth registration vanished while linking');
    const owner = registration.userId === user.id ? user : await directory.findUser(projectId, registration.userId);
    if (!owner) throw new Error('OAuth registration owner vanished while linking');
    return { user: owner, registration, isNew: owner.status === 'pending' };
  }
  const { user, method: registration } = await directory.getOrCreateUserWith(projectId, { find, insert: (tx, userId) => insert(tx, userId) });
  if (profile.email) await directory.addEmailToUser(projectId, user.id, profile.email);
  return { user, registration, isNew: user.status === 'pending' };
}
