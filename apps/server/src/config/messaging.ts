// Email (SMTP) and text messages (Twilio SMS and WhatsApp).
import { z } from 'zod';
import { ConfigError } from './env.ts';

export const messagingEnv = z.object({
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { message: 'expected an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Keepsake <no-reply@keepsake.localhost>'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-zA-Z]{32}$/, { message: 'expected a Twilio account SID (AC followed by 32 characters)' })
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(8, { message: 'expected a Twilio auth token' }).optional(),
  TWILIO_FROM: z.string().min(3).optional(),
  TWILIO_WHATSAPP_FROM: z.string().min(3).optional(),
  TWILIO_API_URL: z.url({ protocol: /^https?$/, message: 'expected an http:// or https:// URL' }).default('https://api.twilio.com'),
});

export type MessagingConfig = {
  mail: { smtpUrl: string | undefined; from: string };
  /** Twilio for SMS and WhatsApp; undefined uses the dev outbox (dev mode) or refuses to send. */
  twilio: { accountSid: string; authToken: string; from: string | undefined; whatsappFrom: string | undefined; apiUrl: string } | undefined;
};

/** @throws ConfigError for a Twilio account without its token or a sender. */
export function messagingConfig(e: z.output<typeof messagingEnv>): MessagingConfig {
  if (e.TWILIO_ACCOUNT_SID && (!e.TWILIO_AUTH_TOKEN || !(e.TWILIO_FROM || e.TWILIO_WHATSAPP_FROM))) {
    throw new ConfigError('Invalid configuration:\n  TWILIO_AUTH_TOKEN and TWILIO_FROM or TWILIO_WHATSAPP_FROM: required when TWILIO_ACCOUNT_SID is set');
  }
  return {
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM,
            whatsappFrom: e.TWILIO_WHATSAPP_FROM,
            apiUrl: e.TWILIO_API_URL.replace(/\/$/, ''),
          }
        : undefined,
  };
}
