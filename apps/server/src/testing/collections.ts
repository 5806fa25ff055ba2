import type { TestServer } from './harness.ts';

/** The developer API as one project's key sees it: the calls the collection tests repeat. */
export function developerApi(server: TestServer, apiKey: string) {
  const call = (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    server.request(`/api/2022-06-09${path}`, { ...init, headers: { 'x-api-key': apiKey, ...init.headers } });
  return {
    call,
    async createCollection(body: Record<string, unknown>) {
      const res = await call('/collections', { method: 'POST', body });
      if (res.status !== 201) throw new Error(`create collection: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as { id: string; actionId: string; onChain: { status: string; chain: string; type: string; contractAddress?: string } };
    },
    /** Polls the action until it is no longer pending, then returns it with the collection. */
    async settled(actionId: string, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const action = await call(`/actions/${actionId}`);
        if (action.status !== 200) throw new Error(`action: ${action.status} ${JSON.stringify(action.body)}`);
        if (action.body.status !== 'pending') {
          const collection = await call(`/collections/${action.body.data.collectionId as string}`);
          return { action: action.body as Record<string, any>, collection: collection.body as Record<string, any> };
        }
        if (Date.now() > deadline) throw new Error(`action ${actionId} still pending after ${timeoutMs} ms: ${JSON.stringify(action.body)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

/** A valid create body; override what a test is about. */
export function collectionBody(overrides: Record<string, unknown> = {}) {
  return {
    chain: 'devnet',
    fungibility: 'non-fungible',
    metadata: { name: 'Gold Tickets', description: 'Entry to every show', imageUrl: 'https://cdn.example.com/gold.png', symbol: 'GOLD' },
    ...overrides,
  };
}
