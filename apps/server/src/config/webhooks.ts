// Webhook delivery: the retry schedule, per-attempt timeout, outbox relay interval and concurrency.
import { z } from 'zod';

/** After the immediate first attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (ARCHITECTURE.md "Webhooks"). */
export const defaultWebhookRetrySchedule = '5s,5m,30m,2h,5h,10h,10h';
const durationListPattern = /^\s*\d+(ms|s|m|h)\s*(,\s*\d+(ms|s|m|h)\s*){0,19}$/;
const durationUnits = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 } as const;

/** `5s,5m,2h` → [5000, 300000, 7200000]. The input has matched `durationListPattern`. */
export function parseDurationList(value: string): number[] {
  return value.split(',').map((part) => {
    const [, amount, unit] = /^\s*(\d+)(ms|s|m|h)\s*$/.exec(part)!;
    return Number(amount) * durationUnits[unit as keyof typeof durationUnits];
  });
}

export const webhooksEnv = z.object({
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .regex(durationListPattern, { message: 'expected comma-separated delays such as 5s,5m,30m,2h (units ms, s, m, h)' })
    .default(defaultWebhookRetrySchedule),
  WEBHOOK_TIMEOUT_MS: z.coerce.number({ message: 'expected a number of milliseconds' }).int().min(100).max(120_000).default(15_000),
  WEBHOOK_RELAY_INTERVAL_MS: z.coerce.number({ message: 'expected a number of milliseconds' }).int().min(50).max(60_000).default(1_000),
  WEBHOOK_CONCURRENCY: z.coerce.number({ message: 'expected a whole number' }).int().min(1).max(100).default(8),
});

export type WebhooksConfig = {
  webhooks: {
    /** Delays before each retry, in milliseconds, after the immediate first attempt. */
    retryScheduleMs: number[];
    /** Per-attempt timeout: connection, response and body. */
    timeoutMs: number;
    /** How often the outbox relay looks for deliveries without a queued job. */
    relayIntervalMs: number;
    /** Deliveries in flight at once per worker process. */
    concurrency: number;
  };
};

export function webhooksConfig(e: z.output<typeof webhooksEnv>): WebhooksConfig {
  return {
    webhooks: {
      retryScheduleMs: parseDurationList(e.WEBHOOK_RETRY_SCHEDULE),
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      relayIntervalMs: e.WEBHOOK_RELAY_INTERVAL_MS,
      concurrency: e.WEBHOOK_CONCURRENCY,
    },
  };
}
