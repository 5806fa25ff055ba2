// The widget's theme (spec §3 "Widget theme"): the incumbent's `StyleConfig` shape with the §3 defaults, applied
// as CSS custom properties on the widget's root, which the stylesheet (styles.ts) reads.

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };
type ButtonStyle = { backgroundColor: string; textColor: string; borderColor: string; borderRadius: string };

export type Theme = {
  container: { backgroundColor: string; borderColor: string; borderRadius: string; width: string };
  colors: { primary: string; secondary: string; success: string; warning: string; error: string };
  buttons: { primary: ButtonStyle; secondary: ButtonStyle; disabled: ButtonStyle };
  inputs: { backgroundColor: string; textColor: string; placeholderColor: string; borderColor: string; borderRadius: string };
  fontFamily: string;
  hideHeaderText: boolean;
  logo: { logoImageUrl: string };
};

/** `styles` of `mountLogin` and `<StytchLogin>`: any part of the theme. */
export type StyleConfig = DeepPartial<Theme>;

/** Spec §3 defaults (container); the rest are Keepsake's, with text at WCAG AA contrast on the container. */
export const DEFAULT_THEME: Theme = {
  container: { backgroundColor: '#FFFFFF', borderColor: '#ADBCC5', borderRadius: '8px', width: '400px' },
  colors: { primary: '#19303D', secondary: '#5C727D', success: '#0C5A56', warning: '#7A4B00', error: '#8B1214' },
  buttons: {
    primary: { backgroundColor: '#19303D', textColor: '#FFFFFF', borderColor: '#19303D', borderRadius: '4px' },
    secondary: { backgroundColor: '#FFFFFF', textColor: '#19303D', borderColor: '#19303D', borderRadius: '4px' },
    disabled: { backgroundColor: '#F3F5F6', textColor: '#5C727D', borderColor: '#F3F5F6', borderRadius: '4px' },
  },
  inputs: { backgroundColor: '#FFFFFF', textColor: '#19303D', placeholderColor: '#5C727D', borderColor: '#5C727D', borderRadius: '4px' },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  hideHeaderText: false,
  logo: { logoImageUrl: '' },
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function merge<T>(base: T, override: unknown): T {
  if (!isObject(override) || !isObject(base)) return base;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    if (!(key in base) || value === undefined) continue;
    const current = (base as Record<string, unknown>)[key];
    out[key] = isObject(current) ? merge(current, value) : typeof value === typeof current ? value : current;
  }
  return out as T;
}

/** The theme `styles` asks for, on top of the defaults; unknown keys and values of the wrong type are ignored. */
export function resolveTheme(styles: StyleConfig | undefined): Theme {
  return merge(DEFAULT_THEME, styles);
}

/** The theme as CSS custom properties (`--ks-container-background-color: #FFFFFF`, …). */
export function themeVariables(theme: Theme): Record<string, string> {
  const vars: Record<string, string> = {};
  const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  const walk = (prefix: string, node: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(node)) {
      const name = `${prefix}-${kebab(key)}`;
      if (isObject(value)) walk(name, value);
      else if (typeof value === 'string' && value !== '' && key !== 'logoImageUrl') vars[name] = value;
    }
  };
  walk('--ks', theme);
  return vars;
}
