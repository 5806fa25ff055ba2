/** Spec §9: emails are displayed truncated at 20 characters. */
export const EMAIL_DISPLAY_LENGTH = 20;

export function truncateEmail(email: string, max = EMAIL_DISPLAY_LENGTH): string {
  return email.length > max ? `${email.slice(0, max)}…` : email;
}
