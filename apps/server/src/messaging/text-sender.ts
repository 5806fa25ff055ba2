/** The phone channels a one-time passcode can go through (spec §3: OTP channels sms, whatsapp, email). */
export const phoneChannels = ['sms', 'whatsapp'] as const;
export type PhoneChannel = (typeof phoneChannels)[number];

/** A text message ready to send; `to` is an E.164 number. */
export type OutgoingText = { channel: PhoneChannel; to: string; text: string };

/** Where SMS and WhatsApp messages go: Twilio, the dev outbox, or nowhere (not configured). */
export interface TextSender {
  readonly kind: 'twilio' | 'dev-outbox' | 'disabled';
  send(message: OutgoingText): Promise<void>;
}

export class TextSendError extends Error {
  override name = 'TextSendError';
}

/** Used when dev mode is off and no Twilio account is configured: every send fails with a clear reason. */
export const disabledTextSender: TextSender = {
  kind: 'disabled',
  async send() {
    throw new TextSendError('No text message provider is configured (set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM).');
  },
};
