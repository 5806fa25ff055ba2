import type { StyleConfig, StytchLoginConfig, Theme } from '@keepsake/auth-ui';
import type { WidgetSettings } from '@keepsake/wire/console/widget-settings';

/**
 * What the playground edits: exactly the widget's own `config` and `styles` (@keepsake/auth-ui), so every
 * control is typed by the widget's exported types.
 */
export type WidgetDraft = { config: StytchLoginConfig; styles: StyleConfig };

/** The project's saved widget, as the server's schema gives it (`authConfig.widget`, @keepsake/wire). */
export type SavedWidget = WidgetSettings;

// Compile-time: what the server stores is a config and theme the widget takes as they are (docs/decisions/119).
// If the wire schema and the widget's types drift apart, `tsc -b` fails here.
export const savedWidgetIsADraft: (saved: SavedWidget) => WidgetDraft = (saved) => saved;

type ThemeKey = Extract<keyof Theme, string>;
type KeysOf<T> = Extract<keyof T, string>;

/** A theme value's place: `colors.primary`, `buttons.primary.backgroundColor`, … (string values only). */
export type ThemeTextPath = {
  [K in ThemeKey]: Theme[K] extends string
    ? K
    : {
        [L in KeysOf<Theme[K]>]: Theme[K][L] extends string ? `${K}.${L}` : `${K}.${L}.${KeysOf<Theme[K][L]>}`;
      }[KeysOf<Theme[K]>];
}[ThemeKey];
