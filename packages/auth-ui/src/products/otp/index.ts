// The `otp` product of the widget: the Email tab of the Main screen, OTP Authenticate, and OTP Confirmation (the
// Success screen with the passcode message). SMS and WhatsApp tabs join `tabs` when the phone input lands.
import { otps } from '@keepsake/auth-js/otps';
import { h } from 'preact';
import { OTPMethods, Products } from '../../config.ts';
import { SuccessScreen } from '../../screens/success.tsx';
import type { UIProduct } from '../../widget/product.ts';
import { EmailOtpForm } from './email-form.tsx';
import { OtpAuthenticateScreen } from './otp-authenticate.tsx';

export const otpUI: UIProduct = {
  product: Products.otp,
  sdk: [otps],
  main: {
    kind: 'form',
    tabs: (config) => (config.otpOptions.methods.includes(OTPMethods.Email) ? [{ method: OTPMethods.Email, Component: EmailOtpForm }] : []),
  },
  screens: {
    OTPAuthenticate: OtpAuthenticateScreen,
    OTPConfirmation: () => h(SuccessScreen, { message: 'success.otp' }),
  },
};
