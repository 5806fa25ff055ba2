/** Spec §5 (sign-in and invitations): local part, @, domain, and a TLD of at least two letters. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** Spec §9: emails are displayed truncated at 20 characters. */
export const EMAIL_DISPLAY_LENGTH = 20;

export function truncateEmail(email: string, max = EMAIL_DISPLAY_LENGTH): string {
  return email.length > max ? `${email.slice(0, max)}…` : email;
}
