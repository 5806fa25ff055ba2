import type { Theme } from '@keepsake/auth-ui';

// The saved widget and the draft the playground edits are shared with /signin (lib/widget-settings.ts).
export type { SavedWidget, WidgetDraft } from '../../../lib/widget-settings';

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
