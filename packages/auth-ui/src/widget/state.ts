// The widget's state machine (spec §3 "Widget form state", §4 "Widget"): the screen shown and what the flow has
// learnt so far. Screens change it only through these actions, so every transition is one place to test.

/** Every named screen of spec §2; each product module renders the screens it owns. */
export type ScreenName =
  | 'Main'
  | 'PasskeyRegistrationStart'
  | 'PasskeyRegistrationSuccess'
  | 'PasskeyConfirmation'
  | 'PasswordCreateOrLogin'
  | 'PasswordResetForm'
  | 'PasswordForgot'
  | 'PasswordBreached'
  | 'PasswordSetNew'
  | 'PasswordDedupe'
  | 'PasswordConfirmation'
  | 'EmailConfirmation'
  | 'OTPAuthenticate'
  | 'OTPConfirmation'
  | 'CryptoConnect'
  | 'CryptoSignMessage'
  | 'CryptoOtherScreen'
  | 'CryptoSetupWallet'
  | 'CryptoError'
  | 'CryptoConfirmation'
  /** The OAuth redirect landing (`?stytch_token_type=oauth&token=…`): the token is redeemed, then Success. */
  | 'OAuthAuthenticate'
  | 'IDPConsent';

/** The passcode in flight: its channel, method id and destination (for a phone, E.164 and the country picked). */
export type OtpState = { type: 'email' | 'sms' | 'whatsapp'; methodId: string; otpDestination: string; region?: string };
/** Spec §3 passwordState: the email and what users/search said of it (new, password or passwordless). */
export type PasswordState = { email: string; type: 'new' | 'password' | 'passwordless' };

/** Spec §3 cryptoState: the wallet chosen (a wallets.ts id), its address once connected, the challenge to sign. */
export type CryptoState = { walletOption: string; walletAddress: string; walletChallenge: string };

export type WidgetState = {
  screen: ScreenName;
  magicLinkState: { email: string };
  otpState: OtpState | null;
  passwordState: PasswordState;
  /** Spec §3 "reset password token": the reset link's token (the reset-password mount mode). */
  resetPasswordToken: string;
  cryptoState: CryptoState;
  errorMessage: string;
};

export type WidgetAction =
  | { type: 'transition'; screen: ScreenName }
  | { type: 'setMagicLinkEmail'; email: string }
  | { type: 'updateOtpState'; otpState: OtpState }
  | { type: 'updatePasswordState'; passwordState: PasswordState }
  | { type: 'updateCryptoState'; cryptoState: Partial<CryptoState> }
  | { type: 'setError'; errorMessage: string }
  | { type: 'clearError' };

export const initialState = (screen: ScreenName = 'Main', resetPasswordToken = ''): WidgetState => ({
  screen,
  magicLinkState: { email: '' },
  otpState: null,
  passwordState: { email: '', type: 'new' },
  resetPasswordToken,
  cryptoState: { walletOption: '', walletAddress: '', walletChallenge: '' },
  errorMessage: '',
});

export function widgetReducer(state: WidgetState, action: WidgetAction): WidgetState {
  switch (action.type) {
    case 'transition':
      // A screen change clears the previous screen's error (§4: passkey success "clears error"; every screen alike).
      return { ...state, screen: action.screen, errorMessage: '' };
    case 'setMagicLinkEmail':
      return { ...state, magicLinkState: { email: action.email } };
    case 'updateOtpState':
      return { ...state, otpState: action.otpState };
    case 'updatePasswordState':
      return { ...state, passwordState: action.passwordState };
    case 'updateCryptoState':
      return { ...state, cryptoState: { ...state.cryptoState, ...action.cryptoState } };
    case 'setError':
      return { ...state, errorMessage: action.errorMessage };
    case 'clearError':
      return { ...state, errorMessage: '' };
  }
}
