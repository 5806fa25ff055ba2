import { describe, expect, it } from 'vitest';
import type { AuthCore } from '../core/product.ts';
import { InvalidInputError } from '../errors.ts';
import { userSearch } from './user-search.ts';

function fakeCore() {
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  const core = {
    transport: {
      request: async (request: { method: string; path: string; body: unknown }) => {
        requests.push(request);
        return { user_type: 'password', userType: 'password' };
      },
    },
  } as unknown as AuthCore;
  return { requests, api: userSearch.install(core) };
}

describe('client.userSearch', () => {
  it('posts the trimmed email to /users/search and answers the user type', async () => {
    const { api, requests } = fakeCore();
    expect(await api.search(' ada@example.com ')).toMatchObject({ user_type: 'password' });
    expect(requests).toEqual([{ method: 'POST', path: '/users/search', body: { email: 'ada@example.com' } }]);
  });

  it('refuses an address that does not match the §5 pattern before any request', async () => {
    const { api, requests } = fakeCore();
    await expect(api.search('ada@example')).rejects.toThrow(InvalidInputError);
    await expect(api.search('ada@example')).rejects.toThrow('Invalid email address');
    expect(requests).toEqual([]);
  });
});
