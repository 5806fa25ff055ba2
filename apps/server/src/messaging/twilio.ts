import { TextSendError, type OutgoingText, type TextSender } from './text-sender.ts';

export type TwilioOptions = {
  accountSid: string;
  authToken: string;
  /** Sender for SMS (a Twilio number or messaging service SID). */
  from: string | undefined;
  /** Sender for WhatsApp, an E.164 number enabled for WhatsApp. */
  whatsappFrom: string | undefined;
  /** `https://api.twilio.com`, or a local stand-in in tests. */
  apiUrl: string;
  timeoutMs?: number;
};

/**
 * Sends SMS and WhatsApp messages through Twilio's Messages REST API
 * (`POST /2010-04-01/Accounts/{sid}/Messages.json`, form-encoded, Basic auth with the account SID and token).
 * WhatsApp numbers carry the `whatsapp:` prefix on both ends.
 */
export function createTwilioSender(options: TwilioOptions): TextSender {
  const endpoint = `${options.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    kind: 'twilio',
    async send(message: OutgoingText) {
      const sender = message.channel === 'whatsapp' ? options.whatsappFrom : options.from;
      if (!sender)
        throw new TextSendError(`No Twilio sender is configured for ${message.channel} (TWILIO_${message.channel === 'whatsapp' ? 'WHATSAPP_' : ''}FROM).`);
      const prefix = message.channel === 'whatsapp' ? 'whatsapp:' : '';
      const form = new URLSearchParams({ To: `${prefix}${message.to}`, From: sender.startsWith('MG') ? sender : `${prefix}${sender}`, Body: message.text });
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form,
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new TextSendError(`Twilio could not be reached: ${(error as Error).message}`, { cause: error });
      }
      if (!response.ok) {
        const body = (await response.json().catch(() => undefined)) as { code?: number; message?: string } | undefined;
        throw new TextSendError(
          `Twilio refused the message (${response.status}${body?.code ? `, code ${body.code}` : ''}): ${body?.message ?? response.statusText}`,
        );
      }
      await response.body?.cancel().catch(() => undefined);
    },
  };
}
