/**
 * `GET /api/console/projects/{id}/auth-config`: a project's browser origins and every auth-service setting
 * (`projects.auth_config`, made whole with the defaults by the server).
 */
export type AuthConfig = {
  redirectUrls: { allowed: string[]; login?: string | undefined; signup?: string | undefined; resetPassword?: string | undefined };
  magicLinks: { loginExpirationMinutes: number; signupExpirationMinutes: number; pkceRequired: boolean };
  otps: { emailExpirationMinutes: number; smsExpirationMinutes: number; whatsappExpirationMinutes: number };
  passwords: {
    strengthPolicy: 'zxcvbn' | 'luds';
    ludsMinimumCount: number;
    ludsComplexity: number;
    pkceRequiredForResets: boolean;
    resetExpirationMinutes: number;
    breachCheckOnLogin: boolean;
  };
  captcha: { enabled: boolean };
  mfa: { required: boolean };
};

export type AuthSettings = { allowedOrigins: string[]; authConfig: AuthConfig };
