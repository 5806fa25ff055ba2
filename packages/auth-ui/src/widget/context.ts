// What every screen reads: the auth client, the resolved config and theme, the strings, the state and its
// dispatch, and the callbacks (onEvent / onError) and toasts.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { ResolvedConfig } from '../config.ts';
import type { StytchEvent } from '../events.ts';
import type { Translate } from '../strings.ts';
import type { Theme } from '../theme.ts';
import type { UIProduct } from './product.ts';
import type { WidgetAction, WidgetState } from './state.ts';

/** The parts of the auth-js client the widget core uses; products read their own namespaces (`client.otps`). */
export type WidgetAuthClient = {
  /** auth-js's resolved API base: URLs on its origin in messages become links (spec §8). */
  baseUrl?: string;
  telemetry: { track(name: string, event?: { details?: Record<string, unknown> }): void };
} & Record<string, unknown>;

export type ToastKind = 'success' | 'error';

export type WidgetContextValue = {
  client: WidgetAuthClient;
  config: ResolvedConfig;
  theme: Theme;
  products: readonly UIProduct[];
  t: Translate;
  state: WidgetState;
  dispatch: (action: WidgetAction) => void;
  emit: (event: StytchEvent) => void;
  /** Hands `error` to onError and returns the message to show (`message` when given, else the error's own). */
  fail: (error: unknown, message?: string) => string;
  toast: (message: string, kind: ToastKind) => void;
  /** The mount mode's own options (mountIdentityProvider's `getRedirectUrl`, …); empty for mountLogin. */
  mountOptions: Readonly<Record<string, unknown>>;
};

export const WidgetContext = createContext<WidgetContextValue | null>(null);

export function useWidget(): WidgetContextValue {
  const value = useContext(WidgetContext);
  if (!value) throw new Error('useWidget can only be used inside <Widget>');
  return value;
}
