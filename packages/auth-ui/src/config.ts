// The widget's configuration (spec §3 "Widget config"): the incumbent's `StytchLoginConfig` shape, so a config
// written for the incumbent's UI client works unchanged. Validation answers the §5 configuration errors.

/** The sign-in products, in the order the Main screen shows them (spec §3, §2 "Main screen"). */
export const Products = {
  emailMagicLinks: 'emailMagicLinks',
  oauth: 'oauth',
  otp: 'otp',
  crypto: 'crypto',
  passwords: 'passwords',
  passkeys: 'passkeys',
} as const;
export type Product = (typeof Products)[keyof typeof Products];

/** Passcode channels (spec §3 "OTP channels"). */
export const OTPMethods = { SMS: 'sms', WhatsApp: 'whatsapp', Email: 'email' } as const;
export type OTPMethod = (typeof OTPMethods)[keyof typeof OTPMethods];

export type OAuthProviderConfig = {
  type: string;
  one_tap?: boolean;
  position?: string;
  custom_scopes?: string[];
  provider_params?: Record<string, string>;
};

export type OAuthOptions = { providers: OAuthProviderConfig[]; loginRedirectURL?: string; signupRedirectURL?: string };
export type OtpOptions = { methods: OTPMethod[]; expirationMinutes: number; loginTemplateId?: string; signupTemplateId?: string };
export type EmailMagicLinksOptions = {
  loginRedirectURL?: string;
  loginExpirationMinutes?: number;
  signupRedirectURL?: string;
  signupExpirationMinutes?: number;
  createUserAsPending?: boolean;
  domainHint?: string;
};
export type PasswordOptions = {
  loginRedirectURL?: string;
  loginExpirationMinutes?: number;
  resetPasswordRedirectURL?: string;
  resetPasswordExpirationMinutes?: number;
  resetPasswordTemplateId?: string;
};
export type SessionOptions = { sessionDurationMinutes: number };

/** `config` of `mountLogin` and `<StytchLogin>`. */
export type StytchLoginConfig = {
  products: Product[];
  emailMagicLinksOptions?: EmailMagicLinksOptions;
  oauthOptions?: OAuthOptions;
  otpOptions?: OtpOptions;
  sessionOptions?: SessionOptions;
  passwordOptions?: PasswordOptions;
  /** Render inside a shadow root: the widget's styles neither leak out nor are affected by the page's CSS. */
  enableShadowDOM?: boolean;
};

/** Spec §9: the passcode expires after 5 minutes unless `otpOptions.expirationMinutes` says otherwise. */
export const DEFAULT_OTP_EXPIRATION_MINUTES = 5;
/** Spec §9: session duration default. */
export const DEFAULT_SESSION_DURATION_MINUTES = 30;

/** A config with the §3 defaults filled in. */
export type ResolvedConfig = {
  products: Product[];
  otpOptions: OtpOptions;
  sessionOptions: SessionOptions;
  oauthOptions: OAuthOptions;
  emailMagicLinksOptions: EmailMagicLinksOptions;
  passwordOptions: PasswordOptions;
  enableShadowDOM: boolean;
};

export function resolveConfig(config: Partial<StytchLoginConfig> | undefined): ResolvedConfig {
  return {
    products: config?.products?.length ? [...config.products] : [Products.emailMagicLinks],
    otpOptions: {
      ...config?.otpOptions,
      methods: config?.otpOptions?.methods?.length ? [...config.otpOptions.methods] : [OTPMethods.Email],
      expirationMinutes: config?.otpOptions?.expirationMinutes ?? DEFAULT_OTP_EXPIRATION_MINUTES,
    },
    sessionOptions: { sessionDurationMinutes: config?.sessionOptions?.sessionDurationMinutes ?? DEFAULT_SESSION_DURATION_MINUTES },
    oauthOptions: { providers: [], ...config?.oauthOptions },
    emailMagicLinksOptions: { ...config?.emailMagicLinksOptions },
    passwordOptions: { ...config?.passwordOptions },
    enableShadowDOM: config?.enableShadowDOM === true,
  };
}

/** The configuration errors of spec §5, word for word. */
export const CONFIG_ERRORS = {
  emlAndEmailOtp: 'Error: Cannot use both EML and Email OTP',
  passkeysAlone: 'Error: Cannot use Passkeys by itself, please add another product to the config.',
} as const;

/** The §5 configuration error of `config`, or null when it can be shown. */
export function configError(config: ResolvedConfig): string | null {
  const has = (product: Product) => config.products.includes(product);
  if (has(Products.emailMagicLinks) && has(Products.otp) && config.otpOptions.methods.includes(OTPMethods.Email)) return CONFIG_ERRORS.emlAndEmailOtp;
  if (config.products.every((product) => product === Products.passkeys)) return CONFIG_ERRORS.passkeysAlone;
  return null;
}
