// The server's test webhook receiver (node:http) for the e2e specs. Imported by URL so that `tsc -b` does not pull
// a server source file into the tools project (TS6307); this is the part of its API the specs use.
import { test } from '@playwright/test';

export type ReceivedWebhook = { path: string; headers: Record<string, string>; body: string };
export type Receiver = {
  url: string;
  at(path: string): ReceivedWebhook[];
  waitFor(path: string, count?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
};
const receiverModule = new URL('../../apps/server/src/testing/webhook-receiver.ts', import.meta.url).href;

/** Starts a receiver before the file's tests and closes it after them; read it through the getter. */
export function useWebhookReceiver(): { readonly receiver: Receiver } {
  let receiver: Receiver | undefined;
  test.beforeAll(async () => {
    const { startWebhookReceiver } = (await import(receiverModule)) as { startWebhookReceiver: () => Promise<Receiver> };
    receiver = await startWebhookReceiver();
  });
  test.afterAll(async () => {
    await receiver?.close();
  });
  return {
    get receiver() {
      if (!receiver) throw new Error('the webhook receiver starts in beforeAll');
      return receiver;
    },
  };
}
