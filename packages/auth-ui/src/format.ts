/** Spec §9: an email address is shown truncated at 20 characters. */
export const EMAIL_DISPLAY_LENGTH = 20;

export function truncateEmail(email: string): string {
  return email.length > EMAIL_DISPLAY_LENGTH ? `${email.slice(0, EMAIL_DISPLAY_LENGTH)}…` : email;
}

/** Seconds as m:ss (spec §9 countdown). */
export function minutesSeconds(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Spec §5 email pattern: local part, @, domain, TLD of 2+ letters. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;
