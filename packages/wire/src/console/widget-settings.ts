// A project's sign-in widget: the `config` and `styles` it passes to `mountLogin` / `<StytchLogin>` (spec §3
// "Widget config" and "Widget theme"), as the console's branding playground saves them (docs/decisions/119). Kept
// as the `widget` key of `projects.auth_config` (./auth-config.ts), so no migration; the web app checks at compile
// time that what this schema gives is what @keepsake/auth-ui takes (features/widget-playground/types).
import { z } from 'zod';
import { oauthProviders } from '../sdk/oauth-providers.ts';

/** Spec §3/§9 "Auth products", in the widget's order. */
export const widgetProducts = ['emailMagicLinks', 'oauth', 'otp', 'crypto', 'passwords', 'passkeys'] as const;
/** Spec §3 "OTP channels". */
export const widgetOtpMethods = ['email', 'sms', 'whatsapp'] as const;

export const widgetLimits = {
  /** The passcode API's own range for expiration_minutes (sdk/otps.ts). */
  otpExpirationMinutes: { min: 1, max: 60 },
  /** The sessions API's own range for session_duration_minutes. */
  sessionDurationMinutes: { min: 5, max: 525_600 },
  /** A theme value: a colour, a length or a font stack. */
  styleValueLength: 100,
} as const;

/**
 * The §5 configuration errors, word for word: a config the widget would refuse to show is not saved.
 * (The widget's own check is `configError` in @keepsake/auth-ui; the web test pins that both agree.)
 */
export const widgetConfigErrors = {
  emlAndEmailOtp: 'Error: Cannot use both EML and Email OTP',
  passkeysAlone: 'Error: Cannot use Passkeys by itself, please add another product to the config.',
} as const;

const wholeNumber = (name: string, limits: { min: number; max: number }) => {
  const message = `${name} must be a whole number from ${limits.min} to ${limits.max}`;
  return z.number({ message }).int({ message }).min(limits.min, { message }).max(limits.max, { message });
};

const distinct = <T>(list: T[]) => new Set(list).size === list.length;

const oauthProviderSchema = z
  .object({
    type: z.enum(oauthProviders, { message: `an OAuth provider is one of ${oauthProviders.join(', ')}` }),
    one_tap: z.boolean({ message: 'one_tap must be true or false' }).optional(),
  })
  .strict();

export const widgetConfigSchema = z
  .object({
    products: z
      .array(z.enum(widgetProducts, { message: `each product must be one of ${widgetProducts.join(', ')}` }), { message: 'products must be a list' })
      .min(1, { message: 'products must name at least one product' })
      .refine(distinct, { message: 'products names a product twice' }),
    otpOptions: z
      .object({
        methods: z
          .array(z.enum(widgetOtpMethods, { message: `each OTP method must be one of ${widgetOtpMethods.join(', ')}` }))
          .min(1, { message: 'otpOptions.methods must name at least one method' })
          .refine(distinct, { message: 'otpOptions.methods names a method twice' }),
        expirationMinutes: wholeNumber('otpOptions.expirationMinutes', widgetLimits.otpExpirationMinutes),
      })
      .strict()
      .optional(),
    oauthOptions: z
      .object({
        providers: z
          .array(oauthProviderSchema)
          .refine((list) => distinct(list.map((provider) => provider.type)), { message: 'oauthOptions.providers names a provider twice' }),
      })
      .strict()
      .optional(),
    sessionOptions: z
      .object({ sessionDurationMinutes: wholeNumber('sessionOptions.sessionDurationMinutes', widgetLimits.sessionDurationMinutes) })
      .strict()
      .optional(),
    enableShadowDOM: z.boolean({ message: 'enableShadowDOM must be true or false' }).optional(),
  })
  .strict()
  .superRefine((config, context) => {
    const has = (product: (typeof widgetProducts)[number]) => config.products.includes(product);
    const emailOtp = (config.otpOptions?.methods ?? ['email']).includes('email');
    if (has('emailMagicLinks') && has('otp') && emailOtp) context.addIssue({ code: 'custom', message: widgetConfigErrors.emlAndEmailOtp });
    if (config.products.length > 0 && config.products.every((product) => product === 'passkeys'))
      context.addIssue({ code: 'custom', message: widgetConfigErrors.passkeysAlone });
  });

/** A theme value: a colour (`#19303D`, `rgb(…)`), a length (`8px`) or a font stack; nothing that ends a CSS declaration. */
const styleValue = z
  .string({ message: 'a theme value must be a string' })
  .trim()
  .min(1, { message: 'a theme value may not be empty' })
  .max(widgetLimits.styleValueLength, { message: `a theme value may have at most ${widgetLimits.styleValueLength} characters` })
  .regex(/^[\w\s#%(),.'"+-]+$/, { message: 'a theme value may hold letters, digits, spaces and # % ( ) , . \' " + - only' });

const buttonStyleSchema = z
  .object({ backgroundColor: styleValue, textColor: styleValue, borderColor: styleValue, borderRadius: styleValue })
  .partial()
  .strict();

const logoUrl = z
  .url({ protocol: /^https?$/, message: 'logo.logoImageUrl must be an absolute http:// or https:// URL' })
  .max(2048, { message: 'logo.logoImageUrl may have at most 2048 characters' });

export const widgetStylesSchema = z
  .object({
    container: z.object({ backgroundColor: styleValue, borderColor: styleValue, borderRadius: styleValue, width: styleValue }).partial().strict(),
    colors: z.object({ primary: styleValue, secondary: styleValue, success: styleValue, warning: styleValue, error: styleValue }).partial().strict(),
    buttons: z.object({ primary: buttonStyleSchema, secondary: buttonStyleSchema, disabled: buttonStyleSchema }).partial().strict(),
    inputs: z
      .object({ backgroundColor: styleValue, textColor: styleValue, placeholderColor: styleValue, borderColor: styleValue, borderRadius: styleValue })
      .partial()
      .strict(),
    fontFamily: styleValue,
    hideHeaderText: z.boolean({ message: 'hideHeaderText must be true or false' }),
    logo: z.object({ logoImageUrl: logoUrl }).partial().strict(),
  })
  .partial()
  .strict();

/**
 * The widget a project saved. The default is email passcodes in the §3 theme: it works on any page (passkeys are
 * bound to the project's own domains, so they are added by choice).
 */
export const widgetSettingsSchema = z
  .object(
    {
      config: widgetConfigSchema.default({ products: ['otp'], otpOptions: { methods: ['email'], expirationMinutes: 5 } }),
      styles: widgetStylesSchema.default({}),
    },
    { message: 'widget must be an object with config and styles' },
  )
  .strict();

export type WidgetSettings = z.output<typeof widgetSettingsSchema>;

/**
 * The platform project's widget while none was saved: `/signin` offers email passcodes and passkeys, and passkeys
 * come as autofill on the email input (issue 13; docs/decisions/124). Customer projects keep the default above.
 */
export const platformDefaultWidget: WidgetSettings = {
  config: { products: ['otp', 'passkeys'], otpOptions: { methods: ['email'], expirationMinutes: 5 } },
  styles: {},
};
