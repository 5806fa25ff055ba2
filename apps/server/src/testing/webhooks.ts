import { Webhook } from 'svix';
import type { TestServer } from './harness.ts';
import type { ReceivedWebhook } from './webhook-receiver.ts';

/** Helpers shared by the webhook integration tests. */
export function webhookClient(server: TestServer, cookie: string) {
  const call = (path: string, init: { method?: string; body?: unknown } = {}) => server.request(path, { ...init, cookie });
  return {
    call,
    async createProject(name: string): Promise<string> {
      const res = await call('/api/console/projects', { method: 'POST', body: { name } });
      if (res.status !== 201) throw new Error(`create project: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.project.id as string;
    },
    async createEndpoint(projectId: string, body: { url: string; eventTypes: string[]; description?: string }) {
      const res = await call(`/api/console/projects/${projectId}/webhooks`, { method: 'POST', body });
      if (res.status !== 201) throw new Error(`create endpoint: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as { endpoint: { id: string; url: string; enabled: boolean; eventTypes: string[] }; secret: string };
    },
    async attempts(projectId: string, endpointId: string, query = '') {
      const res = await call(`/api/console/projects/${projectId}/webhooks/${endpointId}/attempts${query}`);
      if (res.status !== 200) throw new Error(`attempts: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as { attempts: Array<Record<string, any>>; page: number; perPage: number; total: number };
    },
  };
}

/** Verifies a received webhook with the svix package (throws if the signature is wrong) and returns its payload. */
export function verifiedPayload(secret: string, webhook: ReceivedWebhook): { type: string; data: Record<string, any>; timestamp: string } {
  new Webhook(secret).verify(webhook.body, webhook.headers);
  return JSON.parse(webhook.body) as { type: string; data: Record<string, any>; timestamp: string };
}

/** Polls `check` until it returns a truthy value; throws after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 15_000, what = 'condition'): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
