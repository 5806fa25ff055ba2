import type { magicLinkTemplateIds } from '@keepsake/wire/sdk/magic-links';
import type { otpTemplateIds } from '@keepsake/wire/sdk/otps';
import type { OutgoingMail } from './mailer.ts';

/** Template ids accepted by `login_template_id` / `signup_template_id` (spec §7; the list is the wire's). */
export type OtpTemplateId = (typeof otpTemplateIds)[number];

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f6f7f9;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border:1px solid #ADBCC5;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${bodyHtml}</div></body></html>`;
}

const otpCopy: Record<OtpTemplateId, { subject: (project: string) => string; lead: (project: string) => string }> = {
  signin_otp: {
    subject: (p) => `Your ${p} sign-in code`,
    lead: (p) => `Use this code to sign in to ${p}.`,
  },
  signup_otp: {
    subject: (p) => `Welcome to ${p}: confirm your email`,
    lead: (p) => `Use this code to finish creating your ${p} account.`,
  },
  auth_sdk_signin_otp_with_project: {
    subject: (p) => `Your ${p} sign-in code`,
    lead: (p) => `Use this code to sign in to ${p} and open your projects.`,
  },
  auth_sdk_signin_otp_without_project: {
    subject: (p) => `Your ${p} sign-in code`,
    lead: (p) => `Use this code to sign in to ${p}. Next you can create your first project.`,
  },
};

/** The one-time passcode email. */
export function otpEmail(params: { template: OtpTemplateId; to: string; projectName: string; code: string; expiresInMinutes: number }): OutgoingMail {
  const copy = otpCopy[params.template];
  const lead = copy.lead(params.projectName);
  const tail = `This code expires in ${params.expiresInMinutes} minutes. If you did not ask for it, you can ignore this email.`;
  return {
    to: params.to,
    subject: copy.subject(params.projectName),
    text: `${lead}\n\n${params.code}\n\n${tail}\n`,
    html: layout(
      copy.subject(params.projectName),
      `<p>${escapeHtml(lead)}</p><p style="font-size:32px;letter-spacing:8px;font-weight:700">${params.code}</p><p style="color:#555">${escapeHtml(tail)}</p>`,
    ),
  };
}

/** Tells someone they were added to a project in the console. */
export function invitationEmail(params: { to: string; projectName: string; role: string; invitedBy: string; signInUrl: string }): OutgoingMail {
  const lead = `${params.invitedBy} added you to the project “${params.projectName}” on Keepsake as ${params.role}.`;
  return {
    to: params.to,
    subject: `You were added to ${params.projectName} on Keepsake`,
    text: `${lead}\n\nSign in to open it: ${params.signInUrl}\n`,
    html: layout(
      `You were added to ${params.projectName}`,
      `<p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(params.signInUrl)}">Sign in to open it</a></p>`,
    ),
  };
}

/** Template ids accepted by the magic-link `login_template_id` / `signup_template_id` (the list is the wire's). */
export type MagicLinkTemplateId = (typeof magicLinkTemplateIds)[number];

const magicLinkCopy: Record<MagicLinkTemplateId, { subject: (project: string) => string; lead: (project: string) => string; button: string }> = {
  magic_link_login: {
    subject: (p) => `Your ${p} login link`,
    lead: (p) => `Click the link below to log in to ${p}.`,
    button: 'Log in',
  },
  magic_link_signup: {
    subject: (p) => `Finish signing up for ${p}`,
    lead: (p) => `Click the link below to confirm your email and finish creating your ${p} account.`,
    button: 'Sign up',
  },
};

function linkParagraph(url: string, label: string): string {
  return `<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#1f2937;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`;
}

/** The magic-link email (login or signup). */
export function magicLinkEmail(params: {
  template: MagicLinkTemplateId;
  to: string;
  projectName: string;
  url: string;
  expiresInMinutes: number;
}): OutgoingMail {
  const copy = magicLinkCopy[params.template];
  const lead = copy.lead(params.projectName);
  const tail = `This link expires in ${params.expiresInMinutes} minutes and works once. If you did not ask for it, you can ignore this email.`;
  return {
    to: params.to,
    subject: copy.subject(params.projectName),
    text: `${lead}\n\n${copy.button}: ${params.url}\n\n${tail}\n`,
    html: layout(
      copy.subject(params.projectName),
      `<p>${escapeHtml(lead)}</p>${linkParagraph(params.url, copy.button)}<p style="color:#555">${escapeHtml(tail)}</p>`,
    ),
  };
}

/** The password-reset email; `loginUrl`, when given, also offers a one-click login instead (spec §2). */
export function passwordResetEmail(params: {
  to: string;
  projectName: string;
  resetUrl: string;
  loginUrl: string | undefined;
  expiresInMinutes: number;
}): OutgoingMail {
  const lead = `Click the link below to set a new password for your ${params.projectName} account.`;
  const tail = `This link expires in ${params.expiresInMinutes} minutes and works once. If you did not ask for it, you can ignore this email; your password has not changed.`;
  const login = params.loginUrl ? `\n\nOr log in without a password: ${params.loginUrl}` : '';
  return {
    to: params.to,
    subject: `Reset your ${params.projectName} password`,
    text: `${lead}\n\nReset password: ${params.resetUrl}${login}\n\n${tail}\n`,
    html: layout(
      `Reset your ${params.projectName} password`,
      `<p>${escapeHtml(lead)}</p>${linkParagraph(params.resetUrl, 'Reset password')}${params.loginUrl ? `<p><a href="${escapeHtml(params.loginUrl)}">Log in without a password</a></p>` : ''}<p style="color:#555">${escapeHtml(tail)}</p>`,
    ),
  };
}

/** One line of a receipt: amounts already formatted with their currency. */
export type ReceiptLine = { name: string; quantity: number; total: string; delivered: boolean; tokens: Array<{ contractAddress: string; tokenId: string }> };

/** The buyer's receipt once an order's delivery completed (issue 14 item 14); a test payment says so on every line. */
export function orderReceiptEmail(params: {
  to: string;
  seller: string;
  orderId: string;
  test: boolean;
  lines: ReceiptLine[];
  subtotal: string;
  fees: string;
  feesPayer: string;
  total: string;
  received: string;
  refunded: string | undefined;
}): OutgoingMail {
  const testNote = 'Test payment: no real money moved.';
  const subject = `${params.test ? '[Test payment] ' : ''}Your receipt for order ${params.orderId}`;
  const lineText = (line: ReceiptLine) =>
    line.delivered
      ? `${line.name} × ${line.quantity}: ${line.total}\n${line.tokens.map((t) => `  Delivered: contract ${t.contractAddress}, token ${t.tokenId}`).join('\n')}`
      : `${line.name} × ${line.quantity}: ${line.total}\n  Not delivered: refunded`;
  const totals = [
    `Subtotal: ${params.subtotal}`,
    `Fees: ${params.fees}${params.feesPayer === 'buyer' ? '' : ' (paid by the seller)'}`,
    `Total: ${params.total}`,
    `Paid: ${params.received}`,
    ...(params.refunded ? [`Refunded: ${params.refunded}`] : []),
  ];
  const lead = `Thank you for your order from ${params.seller}.`;
  const text = [...(params.test ? [testNote, ''] : []), lead, '', `Order: ${params.orderId}`, '', ...params.lines.map(lineText), '', ...totals, ''].join('\n');
  const lineHtml = (line: ReceiptLine) =>
    `<li><strong>${escapeHtml(line.name)}</strong> × ${line.quantity}: ${escapeHtml(line.total)}<br>` +
    (line.delivered
      ? line.tokens.map((t) => `Delivered: contract <code>${escapeHtml(t.contractAddress)}</code>, token ${escapeHtml(t.tokenId)}`).join('<br>')
      : 'Not delivered: refunded') +
    '</li>';
  return {
    to: params.to,
    subject,
    text,
    html: layout(
      params.test ? `Receipt (Test payment)` : 'Receipt',
      `${params.test ? `<p style="background:#fff4d6;padding:8px;border-radius:4px"><strong>${escapeHtml(testNote)}</strong></p>` : ''}<p>${escapeHtml(lead)}</p><p>Order: <code>${escapeHtml(params.orderId)}</code></p><ul>${params.lines.map(lineHtml).join('')}</ul><p>${totals.map(escapeHtml).join('<br>')}</p>`,
    ),
  };
}
