/** `GET /api/console/projects/{id}/auth-config`: a project's browser origins and auth-service settings. */
export type AuthSettings = {
  allowedOrigins: string[];
  authConfig: {
    captcha: { enabled: boolean };
    mfa: { required: boolean };
  };
};
