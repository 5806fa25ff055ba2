import type { updateUserBody, userMeResponse } from '@keepsake/wire/sdk/users';
import type { z } from 'zod';
import type { SdkData, User, UserFactorDeleteResponse, UserUpdateResponse } from '../types.ts';
import type { AuthCore } from './product.ts';
import { checkField, checkOptions } from './validate.ts';

type UpdateBody = NonNullable<z.input<typeof updateUserBody>>;

/** Options of `user.update`: `untrusted_metadata` is merged into the user's at the top level; a key set to null is removed. */
export type UserUpdateOptions = Pick<UpdateBody, 'untrusted_metadata'>;

type Delete = (id: string) => Promise<UserFactorDeleteResponse>;

/** `client.user`: the signed-in user (spec §7 Session and user). */
export type UserApi = {
  /**
   * Reads the signed-in user from the server (`GET /users/me`) and keeps it.
   * @throws NoSessionError, ApiError, ApiUnreachableError
   * @example
   * const user = await client.user.get();
   */
  get(): Promise<User>;
  /** The user the client last heard of, or null. */
  getSync(): User | null;
  /**
   * Updates the user's untrusted_metadata (`PUT /users/me`).
   * @example
   * await client.user.update({ untrusted_metadata: { theme: 'dark' } });
   */
  update(options: UserUpdateOptions): Promise<UserUpdateResponse>;
  /** Deletes one of the user's emails (never the last way to sign in). @example await client.user.deleteEmail(emailId); */
  deleteEmail: Delete;
  /** Deletes one of the user's phone numbers. @example await client.user.deletePhoneNumber(phoneId); */
  deletePhoneNumber: Delete;
  /** Deletes the user's TOTP authenticator. @example await client.user.deleteTotp(totpId); */
  deleteTotp: Delete;
  /** Deletes one of the user's crypto wallets. */
  deleteCryptoWallet: Delete;
  /** Deletes one of the user's OAuth registrations. */
  deleteOAuthRegistration: Delete;
  /** Deletes one of the user's passkeys. */
  deleteWebauthnRegistration: Delete;
  /** Deletes one of the user's biometric registrations. */
  deleteBiometricRegistration: Delete;
  /**
   * Calls `listener` whenever the user changes; returns the unsubscribe.
   * @example
   * const stop = client.user.onChange((user) => render(user));
   */
  onChange(listener: (user: User | null) => void): () => void;
};

/** The deletable factor lists by method, with their `/users/{path}/{id}` path and id name. */
const deletions = {
  deleteEmail: ['emails', 'email_id'],
  deletePhoneNumber: ['phone_numbers', 'phone_id'],
  deleteTotp: ['totps', 'totp_id'],
  deleteCryptoWallet: ['crypto_wallets', 'crypto_wallet_id'],
  deleteOAuthRegistration: ['oauth', 'oauth_user_registration_id'],
  deleteWebauthnRegistration: ['webauthn_registrations', 'webauthn_registration_id'],
  deleteBiometricRegistration: ['biometric_registrations', 'biometric_registration_id'],
} as const;

/** Builds `client.user` on a client's core. */
export function createUserApi(core: AuthCore): UserApi {
  const { session, transport } = core;

  const remover = (method: keyof typeof deletions): Delete => {
    const [path, idName] = deletions[method];
    return async (id) => {
      checkField(`user.${method}`, idName, id, 'string', true);
      session.requireSession();
      const data = await transport.request<UserFactorDeleteResponse>({ method: 'DELETE', path: `/users/${path}/${encodeURIComponent(id)}` });
      session.setUser(data.user);
      return data;
    };
  };

  return {
    async get() {
      session.requireSession();
      const { request_id: _r, status_code: _s, ...user } = await transport.request<SdkData<typeof userMeResponse>>({ method: 'GET', path: '/users/me' });
      session.setUser(user);
      return user;
    },
    getSync: () => session.state()?.user ?? null,
    async update(options) {
      checkOptions('user.update', options, { untrusted_metadata: { kind: 'object', required: true } });
      session.requireSession();
      const data = await transport.request<UserUpdateResponse>({
        method: 'PUT',
        path: '/users/me',
        body: { untrusted_metadata: options.untrusted_metadata } satisfies UpdateBody,
      });
      session.setUser(data.user);
      return data;
    },
    deleteEmail: remover('deleteEmail'),
    deletePhoneNumber: remover('deletePhoneNumber'),
    deleteTotp: remover('deleteTotp'),
    deleteCryptoWallet: remover('deleteCryptoWallet'),
    deleteOAuthRegistration: remover('deleteOAuthRegistration'),
    deleteWebauthnRegistration: remover('deleteWebauthnRegistration'),
    deleteBiometricRegistration: remover('deleteBiometricRegistration'),
    onChange(listener) {
      checkField('user.onChange', 'listener', listener, 'function', true);
      return session.onUserChange(listener);
    },
  };
}
