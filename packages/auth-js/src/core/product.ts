// What a product module (otps, magicLinks, passwords, …) gets from the client it is installed in. Products
// are passed to `createAuthClient({ products: [...] })`, so an app ships only the products it imports.
import type { PkceStore } from '../pkce.ts';
import type { BootstrapData } from '../types.ts';
import type { SessionManager } from './session-manager.ts';
import type { Telemetry } from './telemetry.ts';
import type { Transport } from './transport.ts';

/** The client's internals a product builds on. */
export type AuthCore = {
  publicToken: string;
  transport: Transport;
  session: SessionManager;
  /** The project's bootstrap config (defaults when it could not be loaded). */
  bootstrap(): Promise<BootstrapData>;
  pkce: PkceStore;
  telemetry: Telemetry;
  /** The API base URL (without `/sdk/v1`): browser-facing paths such as `/v1/public/oauth/{provider}/start` hang off it. */
  baseUrl: string;
  /** Sends the browser to `url` (a full-page navigation). */
  navigate(url: string): void;
  /** A developer-facing warning on the console (spec §8 warnings). */
  warn(message: string): void;
};

/** A product: its name on the client, and how it builds its API on a client's core. */
export type AuthProduct<Name extends string = string, Api = unknown> = {
  readonly name: Name;
  readonly install: (core: AuthCore) => Api;
};

/** Declares a product module. */
export function defineProduct<const Name extends string, Api>(name: Name, install: (core: AuthCore) => Api): AuthProduct<Name, Api> {
  return { name, install };
}
