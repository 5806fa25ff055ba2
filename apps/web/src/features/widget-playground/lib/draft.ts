// The playground's state: the widget draft being edited, plus the order of every product (switched-off ones
// keep their place, so switching one back on puts it where it was). Products come from the widget's exported
// `Products`, so a product module added to the widget shows up here without a change.
import { OTPMethods, Products, type OTPMethod, type Product, type StyleConfig, type Theme } from '@keepsake/auth-ui';
import type { SavedWidget, ThemeTextPath, WidgetDraft } from '../types/widget-settings';

export const ALL_PRODUCTS: readonly Product[] = Object.values(Products);
/** The widget's passcode channels, email first (the default channel). */
export const ALL_OTP_METHODS: readonly OTPMethod[] = Object.values(OTPMethods).sort((a, b) => Number(b === OTPMethods.Email) - Number(a === OTPMethods.Email));

/** `version` counts reverts, so the fields that keep their own text start again from the saved values. */
export type PlaygroundState = { order: Product[]; draft: WidgetDraft; version: number };

export type PlaygroundAction =
  | { type: 'toggleProduct'; product: Product; on: boolean }
  | { type: 'moveProduct'; product: Product; by: -1 | 1 }
  | { type: 'toggleOtpMethod'; method: OTPMethod; on: boolean }
  | { type: 'setOtpExpiration'; minutes: number }
  | { type: 'toggleOauthProvider'; provider: string; on: boolean }
  | { type: 'setSessionDuration'; minutes: number }
  | { type: 'setShadowDom'; on: boolean }
  | { type: 'setThemeText'; path: ThemeTextPath; value: string }
  | { type: 'setHideHeader'; on: boolean }
  | { type: 'reset'; saved: SavedWidget };

/** The state for a saved widget: its products first, in its order, then the others. */
export function initialState(saved: SavedWidget): PlaygroundState {
  const enabled = saved.config.products;
  return {
    order: [...enabled, ...ALL_PRODUCTS.filter((product) => !enabled.includes(product))],
    draft: structuredClone(saved),
    version: 0,
  };
}

/** Spec §9: passcodes expire after 5 minutes and sessions last 30 unless the config says otherwise. */
export const WIDGET_DEFAULT_MINUTES = { otpExpiration: 5, sessionDuration: 30 } as const;

const DEFAULT_OTP: { methods: OTPMethod[]; expirationMinutes: number } = {
  methods: [OTPMethods.Email],
  expirationMinutes: WIDGET_DEFAULT_MINUTES.otpExpiration,
};

/** The theme value at `path` (`colors.primary`) in `styles`, or undefined. */
export function themeText(styles: StyleConfig | Theme, path: ThemeTextPath): string | undefined {
  let node: unknown = styles;
  for (const key of path.split('.')) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** `styles` with `path` set to `value`, or removed (and emptied parents dropped) when `value` is blank. */
export function withThemeText(styles: StyleConfig, path: ThemeTextPath, value: string): StyleConfig {
  const keys = path.split('.');
  const set = (node: Record<string, unknown>, depth: number): Record<string, unknown> => {
    const key = keys[depth]!;
    const out = { ...node };
    if (depth === keys.length - 1) {
      if (value.trim() === '') delete out[key];
      else out[key] = value;
    } else {
      const child = set((node[key] as Record<string, unknown> | undefined) ?? {}, depth + 1);
      if (Object.keys(child).length === 0) delete out[key];
      else out[key] = child;
    }
    return out;
  };
  return set(styles, 0);
}

function withConfig(state: PlaygroundState, change: Partial<WidgetDraft['config']>): PlaygroundState {
  return { ...state, draft: { ...state.draft, config: { ...state.draft.config, ...change } } };
}

export function playgroundReducer(state: PlaygroundState, action: PlaygroundAction): PlaygroundState {
  const { config, styles } = state.draft;
  switch (action.type) {
    case 'toggleProduct': {
      // The list keeps switched-on products first, in config order: one switched on joins the end of them.
      const enabled = config.products.filter((product) => product !== action.product);
      const products = action.on ? [...enabled, action.product] : enabled;
      const order = [...products, ...state.order.filter((product) => !products.includes(product))];
      const next = { ...state, order, draft: { ...state.draft, config: { ...config, products } } };
      if (action.on && action.product === Products.otp && !config.otpOptions) return withConfig(next, { otpOptions: DEFAULT_OTP });
      if (action.on && action.product === Products.oauth && !config.oauthOptions) return withConfig(next, { oauthOptions: { providers: [] } });
      return next;
    }
    case 'moveProduct': {
      // Only switched-on products move, among themselves.
      const products = [...config.products];
      const from = products.indexOf(action.product);
      const to = from + action.by;
      if (from < 0 || to < 0 || to >= products.length) return state;
      [products[from], products[to]] = [products[to]!, products[from]!];
      const order = [...products, ...state.order.filter((product) => !products.includes(product))];
      return { ...state, order, draft: { ...state.draft, config: { ...config, products } } };
    }
    case 'toggleOtpMethod': {
      const otp = config.otpOptions ?? DEFAULT_OTP;
      // A channel switched on goes last, so the tabs keep the order they were chosen in.
      const kept = otp.methods.filter((method) => method !== action.method);
      const methods = action.on ? [...kept, action.method] : kept;
      return withConfig(state, { otpOptions: { ...otp, methods } });
    }
    case 'setOtpExpiration':
      return withConfig(state, { otpOptions: { ...(config.otpOptions ?? DEFAULT_OTP), expirationMinutes: action.minutes } });
    case 'toggleOauthProvider': {
      const providers = (config.oauthOptions?.providers ?? []).filter((provider) => provider.type !== action.provider);
      return withConfig(state, { oauthOptions: { ...config.oauthOptions, providers: action.on ? [...providers, { type: action.provider }] : providers } });
    }
    case 'setSessionDuration':
      return withConfig(state, { sessionOptions: { sessionDurationMinutes: action.minutes } });
    case 'setShadowDom':
      return withConfig(state, { enableShadowDOM: action.on });
    case 'setThemeText':
      return { ...state, draft: { ...state.draft, styles: withThemeText(styles, action.path, action.value) } };
    case 'setHideHeader': {
      const { hideHeaderText: _dropped, ...rest } = styles;
      return { ...state, draft: { ...state.draft, styles: action.on ? { ...rest, hideHeaderText: true } : rest } };
    }
    case 'reset':
      return { ...initialState(action.saved), version: state.version + 1 };
  }
}
