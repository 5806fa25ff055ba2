// The `otp` product of the widget: the Email, Text (SMS) and WhatsApp tabs of the Main screen in the order of
// `otpOptions.methods`, OTP Authenticate, and OTP Confirmation (the Success screen with the passcode message).
import { otps } from '@keepsake/auth-js/otps';
import { h } from 'preact';
import { OTPMethods, Products } from '../../config.ts';
import { SuccessScreen } from '../../screens/success.tsx';
import type { FormTab, UIProduct } from '../../widget/product.ts';
import { EmailOtpForm } from './email-form.tsx';
import { PhoneOtpForm } from './phone-form.tsx';
import { OtpAuthenticateScreen } from './otp-authenticate.tsx';

const SmsForm = () => h(PhoneOtpForm, { method: OTPMethods.SMS });
const WhatsAppForm = () => h(PhoneOtpForm, { method: OTPMethods.WhatsApp });
const TABS: Record<string, FormTab | undefined> = {
  [OTPMethods.Email]: { method: OTPMethods.Email, Component: EmailOtpForm },
  [OTPMethods.SMS]: { method: OTPMethods.SMS, Component: SmsForm },
  [OTPMethods.WhatsApp]: { method: OTPMethods.WhatsApp, Component: WhatsAppForm },
};

export const otpUI: UIProduct = {
  product: Products.otp,
  sdk: [otps],
  main: {
    kind: 'form',
    tabs: (config) => config.otpOptions.methods.map((method) => TABS[method]).filter((tab) => tab !== undefined),
  },
  screens: {
    OTPAuthenticate: OtpAuthenticateScreen,
    OTPConfirmation: () => h(SuccessScreen, { message: 'success.otp' }),
  },
};
