import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTelemetry, TELEMETRY_BATCH_SIZE, TELEMETRY_FLUSH_MS, type TelemetryItem } from './telemetry.ts';

describe('telemetry batching (spec §9: 15 events / 800 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(enabled = true) {
    const batches: TelemetryItem[][] = [];
    const telemetry = createTelemetry({
      enabled,
      telemetry: () => ({ app_session_id: 'app-1' }),
      send: async (items) => void batches.push(items),
    });
    return { telemetry, batches };
  }

  it('sends 800 ms after the first event of a batch', () => {
    const { telemetry, batches } = setup();
    telemetry.track('render_login_screen');
    vi.advanceTimersByTime(500);
    telemetry.track('email_sent', { details: { method: 'otp' } });
    vi.advanceTimersByTime(TELEMETRY_FLUSH_MS - 500 - 1);
    expect(batches).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(batches).toEqual([
      [
        { telemetry: { app_session_id: 'app-1' }, event: { event_name: 'render_login_screen' } },
        { telemetry: { app_session_id: 'app-1' }, event: { event_name: 'email_sent', details: { method: 'otp' } } },
      ],
    ]);
  });

  it('sends at once when 15 events are queued, and the rest later', () => {
    const { telemetry, batches } = setup();
    for (let i = 0; i < TELEMETRY_BATCH_SIZE + 2; i++) telemetry.track('email_try_again_clicked', { details: { i } });
    expect(batches.map((b) => b.length)).toEqual([15]);
    vi.advanceTimersByTime(TELEMETRY_FLUSH_MS);
    expect(batches.map((b) => b.length)).toEqual([15, 2]);
  });

  it('sends nothing when telemetry is off, and survives a failed send', async () => {
    const off = setup(false);
    off.telemetry.track('email_sent');
    vi.advanceTimersByTime(TELEMETRY_FLUSH_MS);
    expect(off.batches).toHaveLength(0);

    const failing = createTelemetry({ enabled: true, telemetry: () => ({}), send: () => Promise.reject(new Error('offline')) });
    failing.track('email_sent');
    expect(() => vi.advanceTimersByTime(TELEMETRY_FLUSH_MS)).not.toThrow();
    await Promise.resolve();
  });
});
