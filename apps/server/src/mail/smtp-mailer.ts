import nodemailer from 'nodemailer';
import { MailSendError, type Mailer, type OutgoingMail } from './mailer.ts';

/** Sends through any SMTP server named by SMTP_URL (smtp://user:pass@host:port or smtps://…). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail: OutgoingMail) {
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      } catch (error) {
        throw new MailSendError(`SMTP delivery failed: ${(error as Error).message}`, { cause: error });
      }
    },
    async close() {
      transport.close();
    },
  };
}
