// The `otp` product with every channel (`@keepsake/auth-ui/otp-phone`): `otpUI`'s screens, and the Main screen's
// Email, Text (SMS) and WhatsApp tabs in the order of `otpOptions.methods`. Give a UI client this one or `otpUI`
// (email passcodes only, the smaller bundle), not both: the first `otp` module given is the one used.
import { h } from 'preact';
import { OTPMethods } from '../../config.ts';
import type { FormTab, UIProduct } from '../../widget/product.ts';
import { emailTab, otpUI } from './index.ts';
import { PhoneOtpForm } from './phone-form.tsx';

const TABS: Record<string, FormTab | undefined> = {
  [OTPMethods.Email]: emailTab,
  [OTPMethods.SMS]: { method: OTPMethods.SMS, Component: () => h(PhoneOtpForm, { method: OTPMethods.SMS }) },
  [OTPMethods.WhatsApp]: { method: OTPMethods.WhatsApp, Component: () => h(PhoneOtpForm, { method: OTPMethods.WhatsApp }) },
};

export const otpPhoneUI: UIProduct = {
  ...otpUI,
  main: { kind: 'form', tabs: (config) => config.otpOptions.methods.map((method) => TABS[method]).filter((tab) => tab !== undefined) },
};
