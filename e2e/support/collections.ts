import { expect, type APIRequestContext } from '@playwright/test';

/**
 * Creates a collection through the developer API (`headers` hold an X-API-KEY with collections.create and
 * collections.read) and waits until its contract is deployed; answers its id.
 */
export async function createDeployedCollection(request: APIRequestContext, headers: Record<string, string>, data: Record<string, unknown>): Promise<string> {
  const created = await request.post('/api/2022-06-09/collections', { headers, data: { chain: 'devnet', fungibility: 'non-fungible', ...data } });
  expect(created.status()).toBe(201);
  const { id, actionId } = (await created.json()) as { id: string; actionId: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/2022-06-09/actions/${actionId}`, { headers })).json()) as { status: string }).status, {
      timeout: 30_000,
    })
    .toBe('succeeded');
  return id;
}
