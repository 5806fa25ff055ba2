import type { PhoneChannel } from './text-sender.ts';

/** The SMS / WhatsApp passcode message: short, code first, so phones can offer it for autofill. */
export function otpText(params: { channel: PhoneChannel; projectName: string; code: string; expiresInMinutes: number }): string {
  return `${params.code} is your ${params.projectName} verification code. It expires in ${params.expiresInMinutes} minutes. Do not share it with anyone.`;
}
