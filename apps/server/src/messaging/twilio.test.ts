import { afterEach, describe, expect, it } from 'vitest';
import { startHttpStandIn } from '../testing/http-stand-in.ts';
import { TextSendError } from './text-sender.ts';
import { createTwilioSender } from './twilio.ts';

const sid = `AC${'0'.repeat(32)}`;
let standIn: Awaited<ReturnType<typeof startHttpStandIn>> | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

describe('Twilio sender', () => {
  it('posts the message form to the Messages API with Basic auth, with whatsapp: prefixes for WhatsApp', async () => {
    standIn = await startHttpStandIn(() => ({ status: 201, body: JSON.stringify({ sid: 'SM1', status: 'queued' }) }));
    const sender = createTwilioSender({ accountSid: sid, authToken: 'tok', from: '+15005550006', whatsappFrom: '+14155238886', apiUrl: standIn.url });
    await sender.send({ channel: 'sms', to: '+14155552671', text: 'hello 123456' });
    await sender.send({ channel: 'whatsapp', to: '+14155552671', text: 'hi' });
    const [sms, whatsapp] = standIn.requests;
    expect(sms).toMatchObject({ method: 'POST', url: `/2010-04-01/Accounts/${sid}/Messages.json` });
    expect(sms!.headers.authorization).toBe(`Basic ${Buffer.from(`${sid}:tok`).toString('base64')}`);
    expect(sms!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(sms!.body))).toEqual({ To: '+14155552671', From: '+15005550006', Body: 'hello 123456' });
    expect(Object.fromEntries(new URLSearchParams(whatsapp!.body))).toEqual({ To: 'whatsapp:+14155552671', From: 'whatsapp:+14155238886', Body: 'hi' });
  });

  it('turns a refusal into TextSendError carrying Twilio’s code and message', async () => {
    standIn = await startHttpStandIn(() => ({ status: 400, body: JSON.stringify({ code: 21211, message: "The 'To' number is not valid." }) }));
    const sender = createTwilioSender({ accountSid: sid, authToken: 'tok', from: '+15005550006', whatsappFrom: undefined, apiUrl: standIn.url });
    const error = await sender.send({ channel: 'sms', to: '+1', text: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TextSendError);
    expect((error as Error).message).toContain('21211');
    // No WhatsApp sender configured: refused before any request.
    await expect(sender.send({ channel: 'whatsapp', to: '+14155552671', text: 'x' })).rejects.toThrow(/TWILIO_WHATSAPP_FROM/);
    expect(standIn.requests).toHaveLength(1);
  });

  it('fails with TextSendError when Twilio cannot be reached', async () => {
    const sender = createTwilioSender({
      accountSid: sid,
      authToken: 'tok',
      from: '+15005550006',
      whatsappFrom: undefined,
      apiUrl: 'http://127.0.0.1:9',
      timeoutMs: 2000,
    });
    await expect(sender.send({ channel: 'sms', to: '+14155552671', text: 'x' })).rejects.toBeInstanceOf(TextSendError);
  });
});
