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

/** A theme value's place: `colors.primary`, `buttons.primary.backgroundColor`, … (string values only). */
export type ThemeTextPath = {
  [K in keyof Theme & string]: Theme[K] extends string
    ? K
    : Theme[K] extends Record<string, unknown>
      ? {
          [L in keyof Theme[K] & string]: Theme[K][L] extends string
            ? `${K}.${L}`
            : Theme[K][L] extends Record<string, unknown>
              ? `${K}.${L}.${keyof Theme[K][L] & string}`
              : never;
        }[keyof Theme[K] & string]
      : never;
}[keyof Theme & string];
