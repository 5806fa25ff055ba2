// The `reset_password` answer's error_message (spec §4 "Password flow": a breached password, or create for an
// address that already has an account). It says whether the server emailed a reset link itself: it does only when
// the project has a default reset (or login) redirect URL and the address is under its send limit. A client that
// shows "we sent you a link" asks for one (POST /passwords/email/reset/start) unless this says it was sent.
// No zod here: the widget bundles this module.

export const RESET_PASSWORD_EMAILED_MESSAGE = 'This password must be reset before it can be used. A reset link was emailed to the address.';
export const RESET_PASSWORD_NOT_EMAILED_MESSAGE =
  'This password must be reset before it can be used. No reset link was emailed; ask for one with /passwords/email/reset/start.';
