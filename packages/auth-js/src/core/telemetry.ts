// Spec §3/§7/§9 event telemetry: events are queued and sent to `POST /events` in batches of at most 15, at the
// latest 800 ms after the first event of a batch. Sending never blocks or fails a caller.
import type { TelemetryEvent } from '../types.ts';

/** Spec §9: at most this many events a batch. */
export const TELEMETRY_BATCH_SIZE = 15;
/** Spec §9: a batch goes this long after its first event at the latest. */
export const TELEMETRY_FLUSH_MS = 800;

/** The events the spec names (widget), and the SDK's own. Any other name is allowed too. */
/** The client's telemetry queue. */
export type TelemetryEventName =
  | 'email_sent'
  | 'email_try_again_clicked'
  | 'render_login_screen'
  | 'sdk_instance_created'
  | 'session_refresh_failed'
  | 'session_logged_out'
  | 'captcha_retried'
  | (string & {});

/** One queued item as `POST /events` takes it: the event and the client telemetry of the moment. */
export type TelemetryItem = { telemetry: Record<string, unknown>; event: TelemetryEvent };

export type Telemetry = {
  /** Queues an event; returns at once. */
  track(name: TelemetryEventName, event?: Omit<TelemetryEvent, 'event_name'>): void;
  /** Sends what is queued now (on page hide with `keepalive`). */
  flush(options?: { keepalive?: boolean }): void;
  /** Stops the timer; queued events are sent first. */
  destroy(): void;
};

/** What the telemetry queue needs from its client. */
export type TelemetryConfig = {
  enabled: boolean;
  send: (items: TelemetryItem[], options: { keepalive: boolean }) => Promise<unknown>;
  telemetry: () => Record<string, unknown>;
};

/** A telemetry queue that batches by count and time. */
export function createTelemetry(config: TelemetryConfig): Telemetry {
  let queue: TelemetryItem[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = ({ keepalive = false }: { keepalive?: boolean } = {}) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    while (queue.length > 0) {
      const batch = queue.slice(0, TELEMETRY_BATCH_SIZE);
      queue = queue.slice(TELEMETRY_BATCH_SIZE);
      // Telemetry must never disturb the app: a failed batch is dropped.
      void config.send(batch, { keepalive }).catch(() => undefined);
    }
  };

  return {
    track(name, event = {}) {
      if (!config.enabled) return;
      queue.push({ telemetry: config.telemetry(), event: { ...event, event_name: name } });
      if (queue.length >= TELEMETRY_BATCH_SIZE) flush();
      else timer ??= setTimeout(() => flush(), TELEMETRY_FLUSH_MS);
    },
    flush,
    destroy: () => flush(),
  };
}
