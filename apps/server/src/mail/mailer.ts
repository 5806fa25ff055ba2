/** A message ready to send. */
export type OutgoingMail = { to: string; subject: string; text: string; html: string };

/** Where outgoing email goes: an SMTP server, or the dev mailbox. */
export interface Mailer {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

export class MailSendError extends Error {
  override name = 'MailSendError';
}
