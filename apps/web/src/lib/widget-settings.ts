import type { StyleConfig, StytchLoginConfig } from '@keepsake/auth-ui';
import type { WidgetSettings } from '@keepsake/wire/console/widget-settings';

/**
 * A widget's `config` and `styles` exactly as @keepsake/auth-ui takes them: what the branding playground edits
 * and what /signin mounts (docs/decisions/119, 124). Type-only, so importing it costs the console shell nothing.
 */
export type WidgetDraft = { config: StytchLoginConfig; styles: StyleConfig };

/** A project's saved widget, as the server's schema gives it (`authConfig.widget`, @keepsake/wire). */
export type SavedWidget = WidgetSettings;

// Compile-time: what the server stores is a config and theme the widget takes as they are (docs/decisions/119).
// If the wire schema and the widget's types drift apart, `tsc -b` fails here.
export const savedWidgetIsADraft: (saved: SavedWidget) => WidgetDraft = (saved) => saved;
