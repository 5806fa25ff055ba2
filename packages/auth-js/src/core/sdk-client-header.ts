// The `x-sdk-client` header (spec §7 client telemetry): base64 of a JSON document naming this SDK and version,
// the app, and ids that tie a device's and a page's calls together.
import { SDK_IDENTIFIER, SDK_VERSION } from '../version.ts';

/** The ids and app name the header and telemetry carry. */
export type ClientInfo = {
  /** One id per client instance (a page load). */
  appSessionId: string;
  /** One id per browser, kept in localStorage. */
  persistentId: string;
  /** The page's host. */
  appIdentifier: string;
};

/** base64 of UTF-8 text (btoa alone takes Latin-1 only). */
export function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The JSON document the header carries, also attached to telemetry events. */
export function clientTelemetry(info: ClientInfo, eventId: string, now: Date = new Date()) {
  return {
    event_id: `event-id-${eventId}`,
    app_session_id: `app-session-id-${info.appSessionId}`,
    persistent_id: `persistent-id-${info.persistentId}`,
    client_sent_at: now.toISOString(),
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    app: { identifier: info.appIdentifier },
    sdk: { identifier: SDK_IDENTIFIER, version: SDK_VERSION },
  };
}

/** The `x-sdk-client` value for one request. */
export function sdkClientHeader(info: ClientInfo, eventId: string, now?: Date): string {
  return base64Utf8(JSON.stringify(clientTelemetry(info, eventId, now)));
}
