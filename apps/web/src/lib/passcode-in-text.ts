/**
 * The one-time passcode in a dev mailbox email or dev outbox text: the 6-digit number the server's templates put
 * on its own line (email) or at the start (SMS/WhatsApp); null when the message carries none (e.g. an invitation).
 */
export function passcodeInText(text: string): string | null {
  return /(?:^|\s)(\d{6})(?=\s|$)/.exec(text)?.[1] ?? null;
}
