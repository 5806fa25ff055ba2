import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; from: string; subject: string; text: string; html: string };

/**
 * A real SMTP server on a random local port that keeps what it receives, for tests.
 * `waitFor` resolves with the first message to an address (arrived already, or arriving within the timeout).
 */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  const waiters: Array<{ match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          };
          received.push(mail);
          for (const w of [...waiters]) {
            if (w.match(mail)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(mail);
            }
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Messages to `to`, oldest first. */
    messagesTo(to: string) {
      return received.filter((m) => m.to.includes(to.toLowerCase()));
    },
    waitFor(to: string, options: { after?: number; timeoutMs?: number } = {}): Promise<ReceivedMail> {
      const address = to.toLowerCase();
      const skip = options.after ?? 0;
      const match = (m: ReceivedMail) => m.to.includes(address);
      const already = received.filter(match)[skip];
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        let seen = received.filter(match).length;
        const waiter = {
          match: (m: ReceivedMail) => match(m) && ++seen > skip,
          resolve: (m: ReceivedMail) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no email to ${to} within ${options.timeoutMs ?? 5000} ms`));
        }, options.timeoutMs ?? 5000);
        waiters.push(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** The 6-digit passcode in a message. */
export function passcodeIn(mail: { text: string }): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no passcode in: ${mail.text}`);
  return code;
}
