// The Google client registered at the OpenID Connect stand-in (e2e/global-setup.ts); projects that sign in with
// Google in the browser tests save these credentials as their Google client.
export const E2E_GOOGLE_CLIENT = { clientId: 'keepsake-e2e-google', clientSecret: 'keepsake-e2e-google-secret' } as const;

// A second Google client at the stand-in, with an id of the form Google issues (`<number>-<id>.apps.googleusercontent
// .com`), which One Tap requires (the first is refused with the §4 state invalid_client): e2e/auth-ui-one-tap.spec.ts.
export const E2E_GOOGLE_ONE_TAP_CLIENT = {
  clientId: '100000000001-keepsakee2e.apps.googleusercontent.com',
  clientSecret: 'keepsake-e2e-google-one-tap-secret',
} as const;

// The Discord client registered at the Discord stand-in (e2e/global-setup.ts; the product app's Discord sign-in).
export const E2E_DISCORD_CLIENT = { clientId: 'keepsake-e2e-discord', clientSecret: 'keepsake-e2e-discord-secret' } as const;
