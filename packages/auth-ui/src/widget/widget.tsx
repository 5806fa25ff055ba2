// The widget's root: holds the state machine, the toasts and the callbacks, and renders the current screen from
// the product modules. A §5 configuration error is shown instead of any screen (and handed to onError).
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'preact/hooks';
import { Toasts, TOAST_LIMIT, TOAST_MS, type ToastItem } from '../components/toasts.tsx';
import { configError, type ResolvedConfig } from '../config.ts';
import { StytchSDKUIError, type Callbacks, type StytchEvent } from '../events.ts';
import { MainScreen } from '../screens/main.tsx';
import type { Translate } from '../strings.ts';
import { themeVariables, type Theme } from '../theme.ts';
import { WidgetContext, type ToastKind, type WidgetAuthClient, type WidgetContextValue } from './context.ts';
import type { UIProduct } from './product.ts';
import { initialState, widgetReducer, type ScreenName } from './state.ts';

export type WidgetProps = {
  client: WidgetAuthClient;
  config: ResolvedConfig;
  theme: Theme;
  products: readonly UIProduct[];
  t: Translate;
  callbacks: Callbacks;
  /** The first screen (a mount mode's own, e.g. passkey registration); Main by default. */
  initialScreen?: ScreenName;
  /** The §5 configuration check of this mount mode (login's by default). */
  validate?: (config: ResolvedConfig) => string | null;
  /** mountResetPassword's `passwordResetToken`. */
  resetPasswordToken?: string;
  /** A mount mode's own options (e.g. mountIdentityProvider's `getRedirectUrl`), for its screens. */
  mountOptions?: Readonly<Record<string, unknown>>;
};

/** The message to show for a failed call: the server's error_message (§8), else the error's own. */
export function errorMessage(error: unknown, fallback: string): string {
  if (typeof error !== 'object' || error === null) return fallback;
  const { error_message, details, shortMessage, message } = error as Record<string, unknown>;
  for (const text of [error_message, details, shortMessage, message]) if (typeof text === 'string' && text.trim()) return text.split('\n')[0]!;
  return fallback;
}

const NO_MOUNT_OPTIONS = {};

export function Widget({
  client,
  config,
  theme,
  products,
  t,
  callbacks,
  initialScreen,
  validate = configError,
  resetPasswordToken,
  mountOptions = NO_MOUNT_OPTIONS,
}: WidgetProps) {
  const [state, dispatch] = useReducer(widgetReducer, undefined, () => initialState(initialScreen, resetPasswordToken));
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextToastRef = useRef(0);
  const timersRef = useRef(new Set<ReturnType<typeof setTimeout>>());
  // The latest callbacks, so that a remount with new callbacks is heard without re-creating every handler.
  const callbacksRef = useRef(callbacks);
  useLayoutEffect(() => {
    callbacksRef.current = callbacks;
  }, [callbacks]);
  useEffect(() => {
    const timers = timersRef.current;
    return () => timers.forEach(clearTimeout);
  }, []);

  const emit = useCallback((event: StytchEvent) => callbacksRef.current.onEvent?.(event), []);
  const fail = useCallback(
    (error: unknown, shown?: string) => {
      const message = shown ?? errorMessage(error, t('error.unreachable'));
      callbacksRef.current.onError?.(new StytchSDKUIError(message, error));
      return message;
    },
    [t],
  );
  const toast = useCallback((message: string, kind: ToastKind) => {
    const id = ++nextToastRef.current;
    setToasts((items) => [...items, { id, message, kind }].slice(-TOAST_LIMIT));
    const timer = setTimeout(() => {
      timersRef.current.delete(timer);
      setToasts((items) => items.filter((item) => item.id !== id));
    }, TOAST_MS[kind]);
    timersRef.current.add(timer);
  }, []);

  const value = useMemo<WidgetContextValue>(
    () => ({ client, config, theme, products, t, state, dispatch, emit, fail, toast, mountOptions }),
    [client, config, theme, products, t, state, emit, fail, toast, mountOptions],
  );
  const problem = validate(config);
  const reportedRef = useRef<string | null>(null);
  useEffect(() => {
    if (problem && reportedRef.current !== problem) callbacksRef.current.onError?.(new StytchSDKUIError(problem));
    reportedRef.current = problem;
  }, [problem]);

  const Screen = state.screen === 'Main' ? MainScreen : products.find((p) => p.screens?.[state.screen])?.screens?.[state.screen];
  return (
    <WidgetContext.Provider value={value}>
      <div class="ks-widget" style={themeVariables(theme)}>
        <Toasts items={toasts} />
        {problem ? (
          <p class="ks-error ks-config-error" role="alert">
            {problem}
          </p>
        ) : Screen ? (
          <Screen />
        ) : (
          <MainScreen />
        )}
      </div>
    </WidgetContext.Provider>
  );
}
