// `client.userSearch` (spec §7 `POST /users/search`, §4 "Password tab: after user search"): which sign-in path an
// email takes (new, password or passwordless). The incumbent's UI client calls it internally; the widget's
// passwords product is its user here, so headless apps that do not import it do not carry it.
import { defineProduct } from '../core/product.ts';
import { checkEmail, EMAIL_MESSAGES } from '../core/validate.ts';
import type { userSearchBody, userSearchResponse } from '@keepsake/wire/sdk/users';
import type { z } from 'zod';
import type { SdkData } from '../types.ts';

/** `new` (no account), `password` (has a password) or `passwordless` (an account without one). */
export type UserSearchResponse = SdkData<typeof userSearchResponse>;

/** `client.userSearch`. */
export type UserSearchApi = {
  /**
   * Which sign-in path `email` takes.
   * @throws InvalidInputError 'Invalid email address'; ApiError; ApiUnreachableError
   * @example
   * const { user_type } = await client.userSearch.search('ada@example.com');
   */
  search(email: string): Promise<UserSearchResponse>;
};

/**
 * The user-search product. Pass it to `createAuthClient({ products: [userSearch] })`.
 * @example
 * import { userSearch } from '@keepsake/auth-js/user-search';
 */
export const userSearch = defineProduct('userSearch', (core): UserSearchApi => ({
  async search(email) {
    const address = checkEmail('userSearch.search', email, EMAIL_MESSAGES.link);
    return core.transport.request<UserSearchResponse>({
      method: 'POST',
      path: '/users/search',
      body: { email: address } satisfies z.input<typeof userSearchBody>,
    });
  },
}));
