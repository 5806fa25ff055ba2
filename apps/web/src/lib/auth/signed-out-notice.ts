// Signing out ends with a full page load (the server's callback URL), which would drop a toast shown before it:
// the sign-out notes it in sessionStorage and the next page shows the confirmation (issue 11).

const KEY = 'keepsake.signedOut';

/** Called just before leaving for the sign-out's callback URL. */
export function noteSignedOut(): void {
  try {
    window.sessionStorage.setItem(KEY, '1');
  } catch {
    // No storage: the sign-out still works, without its confirmation.
  }
}

/** Whether the previous page signed out; reading it clears it, so the confirmation shows once. */
export function takeSignedOutNotice(): boolean {
  try {
    const noted = window.sessionStorage.getItem(KEY) === '1';
    if (noted) window.sessionStorage.removeItem(KEY);
    return noted;
  } catch {
    return false;
  }
}
