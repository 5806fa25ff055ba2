// Spec §5 email validity, shared by the server (the wire's `emailSchema`), the web app's forms and the auth SDK's
// own check. No zod here: the sign-in page and the SDK test addresses without it.

/** Local part, @, domain, and a top-level domain of two or more letters. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

/** The longest address (RFC 5321's path limit). */
export const maxEmailLength = 254;

/** Whether `value`, trimmed, is an email address by the §5 rule. */
export function isValidEmail(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length <= maxEmailLength && emailPattern.test(trimmed);
}
