// The `otp` product of the widget with email passcodes only: the Email tab of the Main screen, OTP Authenticate,
// and OTP Confirmation (the Success screen with the passcode message). The lean entry (`@keepsake/auth-ui/otp`):
// the Text and WhatsApp tabs are `otpPhoneUI` (./phone.ts), so that an email-only page does not carry them.
import { otps } from '@keepsake/auth-js/otps';
import { h } from 'preact';
import { OTPMethods, Products } from '../../config.ts';
import { SuccessScreen } from '../../screens/success.tsx';
import type { FormTab, UIProduct } from '../../widget/product.ts';
import { EmailOtpForm } from './email-form.tsx';
import { OtpAuthenticateScreen } from './otp-authenticate.tsx';

export const emailTab: FormTab = { method: OTPMethods.Email, Component: EmailOtpForm };

export const otpUI: UIProduct = {
  product: Products.otp,
  sdk: [otps],
  main: {
    kind: 'form',
    tabs: (config) => (config.otpOptions.methods.includes(OTPMethods.Email) ? [emailTab] : []),
  },
  screens: {
    OTPAuthenticate: OtpAuthenticateScreen,
    OTPConfirmation: () => h(SuccessScreen, { message: 'success.otp' }),
  },
};
