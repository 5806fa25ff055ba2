// GET /api/platform: what the product app's pages need before anyone signs in (docs/decisions/104, 124). A module
// of its own so the console shell's session code does not load the widget-settings schema.
import { z } from 'zod';
import { widgetSettingsSchema } from './widget-settings.ts';

export const platformResponse = z.object({
  /** The platform project's public token: /signin's widget and the console's auth client use it. */
  publicToken: z.string(),
  devMode: z.boolean(),
  version: z.string(),
  /** The widget /signin renders: the platform project's saved `authConfig.widget`, or its default. */
  widget: widgetSettingsSchema,
  /** Whether /signin shows the Sign In With Farcaster button under the widget (not a widget product). */
  farcaster: z.boolean(),
});

/** The product app's sign-in page: the platform widget's OAuth, magic links and password resets land here. */
export const PRODUCT_SIGN_IN_PATH = '/signin';

/**
 * How long a console sign-in lasts (a week): the session the widget on /signin asks for, and the one the server's
 * own wallet, OAuth and Farcaster sign-ins issue. The console cookie holds that session's token.
 */
export const CONSOLE_SESSION_MINUTES = 7 * 24 * 60;
