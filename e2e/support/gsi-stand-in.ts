// Google Identity Services cannot be downloaded here, so the browser tests give the page a small stand-in for its
// script (as stripe-js-stand-in.ts does for Stripe.js): what auth-js loads from https://accounts.google.com/gsi/client
// is answered with GSI_STAND_IN, which implements the documented `google.accounts.id` surface that auth-js's One Tap
// uses (developers.google.com/identity/gsi/web/reference/js-reference): `initialize({ client_id, callback, nonce,
// prompt_parent_id, … })`, `prompt(momentListener)` with PromptMomentNotification (`isDisplayMoment`,
// `isDisplayed`, `isNotDisplayed`, `getNotDisplayedReason`, `isSkippedMoment`, `getSkippedReason`,
// `isDismissedMoment`, `getDismissedReason`, `getMomentType`), `cancel` and `disableAutoSelect`. Its prompt is a
// minimal account chooser in the page: inside `prompt_parent_id` when given, else at the top right, or as a banner
// at the bottom on a narrow (phone) viewport, as Google places One Tap. Picking the account asks the OpenID Connect
// stand-in that plays Google (apps/server/src/testing/oidc-stand-in.ts) for an ID token, signed with the keys the
// server verifies One Tap credentials against (GOOGLE_JWKS_URL), and hands it to `callback({ credential,
// select_by })`. Only Google's UI script is replaced; the server checks the real signature, issuer and audience.
import type { Page } from '@playwright/test';

const GSI_CLIENT_URL = 'https://accounts.google.com/gsi/client';
/** The stand-in script's own call for a credential, answered by the test process from the OIDC stand-in. */
const CREDENTIAL_URL = 'https://accounts.google.com/gsi/stand-in/credential';
const ONE_TAP_CREDENTIAL_PATH = '/google/one-tap/credential'; // apps/server/src/testing/oidc-stand-in.ts

/** How the stand-in's `prompt` behaves. */
export type GsiStandInOptions = {
  /** The stand-in provider's account the chooser offers (its email is `{login}@oidc.example`). */
  login: string;
  /** Instead of showing the chooser, report the display moment "not displayed" with this reason (Google's
   * `getNotDisplayedReason()`: `opt_out_or_no_session`, `suppressed_by_user`, `unregistered_origin`, …) or the
   * skipped moment with this reason (`getSkippedReason()`: `auto_cancel`, `user_cancel`, …). */
  moment?: { notDisplayed: string } | { skipped: string };
};

/** What the page did with the stand-in, for the test to check. */
export type GsiStandInRecord = {
  initialize: Array<Record<string, unknown>>;
  prompts: number;
  cancels: number;
  /** Where the prompt was shown: `parent:<id>`, `top-right` or `bottom-banner`. */
  placements: string[];
};

const GSI_STAND_IN = String.raw`
(function (options) {
  var record = { initialize: [], prompts: 0, cancels: 0, placements: [] };
  window.__gsiStandIn = record;
  var config = null;
  var shown = null;

  function notification(type, fields) {
    return {
      getMomentType: function () { return type; },
      isDisplayMoment: function () { return type === 'display'; },
      isDisplayed: function () { return type === 'display' && !fields.notDisplayed; },
      isNotDisplayed: function () { return type === 'display' && !!fields.notDisplayed; },
      getNotDisplayedReason: function () { return fields.notDisplayed; },
      isSkippedMoment: function () { return type === 'skipped'; },
      getSkippedReason: function () { return fields.skipped; },
      isDismissedMoment: function () { return type === 'dismissed'; },
      getDismissedReason: function () { return fields.dismissed; },
    };
  }
  function tell(listener, type, fields) {
    if (typeof listener === 'function') listener(notification(type, fields));
  }
  function close() {
    if (shown) shown.element.remove();
    var was = shown;
    shown = null;
    return was;
  }

  function chooser(listener) {
    var name = options.login;
    var email = options.login + '@oidc.example';
    var box = document.createElement('div');
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-label', 'Sign in with Google');
    box.setAttribute('data-gsi-stand-in', 'prompt');
    box.style.cssText = 'box-sizing:border-box;background:#fff;color:#202124;font:14px/1.4 sans-serif;' +
      'border:1px solid #dadce0;border-radius:8px;padding:12px;box-shadow:0 2px 8px rgba(0,0,0,.2);z-index:2147483647;';
    var heading = document.createElement('p');
    heading.textContent = 'Sign in to ' + location.hostname + ' with Google';
    heading.style.cssText = 'margin:0 0 8px;font-weight:600;';
    var pick = document.createElement('button');
    pick.type = 'button';
    pick.textContent = 'Continue as ' + name;
    var address = document.createElement('p');
    address.textContent = email;
    address.style.cssText = 'margin:0 0 8px;color:#3c4043;';
    pick.style.cssText = 'display:block;width:100%;padding:8px;background:#1a73e8;color:#fff;border:0;border-radius:4px;cursor:pointer;';
    var dismiss = document.createElement('button');
    dismiss.type = 'button';
    dismiss.setAttribute('aria-label', 'Close');
    dismiss.textContent = '×';
    dismiss.style.cssText = 'position:absolute;top:4px;right:8px;background:none;border:0;font-size:18px;color:#3c4043;cursor:pointer;';
    box.appendChild(dismiss);
    box.appendChild(heading);
    box.appendChild(address);
    box.appendChild(pick);

    var parent = config.prompt_parent_id ? document.getElementById(config.prompt_parent_id) : null;
    if (parent) {
      box.style.position = 'relative';
      parent.appendChild(box);
      record.placements.push('parent:' + config.prompt_parent_id);
    } else if (window.innerWidth < 600) {
      box.style.position = 'fixed';
      box.style.cssText += 'left:0;right:0;bottom:0;border-radius:8px 8px 0 0;';
      document.body.appendChild(box);
      record.placements.push('bottom-banner');
    } else {
      box.style.position = 'fixed';
      box.style.cssText += 'top:16px;right:16px;width:360px;';
      document.body.appendChild(box);
      record.placements.push('top-right');
    }
    shown = { element: box, listener: listener };

    dismiss.addEventListener('click', function () {
      close();
      tell(listener, 'skipped', { skipped: 'user_cancel' });
    });
    pick.addEventListener('click', function () {
      pick.disabled = true;
      fetch(${JSON.stringify(CREDENTIAL_URL)}, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ client_id: config.client_id, login: options.login, nonce: config.nonce }),
      })
        .then(function (response) {
          if (!response.ok) throw new Error('the stand-in issued no credential (' + response.status + ')');
          return response.json();
        })
        .then(function (body) {
          close();
          config.callback({ credential: body.credential, select_by: 'user', clientId: config.client_id });
          tell(listener, 'dismissed', { dismissed: 'credential_returned' });
        }, function () {
          close();
          tell(listener, 'skipped', { skipped: 'issuing_failed' });
        });
    });
  }

  window.google = window.google || {};
  window.google.accounts = window.google.accounts || {};
  window.google.accounts.id = {
    initialize: function (idConfig) {
      if (!idConfig || typeof idConfig.client_id !== 'string' || !idConfig.client_id) throw new Error('[GSI stand-in] initialize needs client_id.');
      if (typeof idConfig.callback !== 'function') throw new Error('[GSI stand-in] initialize needs a callback.');
      config = idConfig;
      var copy = {};
      for (var key in idConfig) if (key !== 'callback') copy[key] = idConfig[key];
      record.initialize.push(copy);
    },
    prompt: function (listener) {
      record.prompts++;
      setTimeout(function () {
        if (!config) return tell(listener, 'display', { notDisplayed: 'missing_client_id' });
        if (options.moment && options.moment.notDisplayed) return tell(listener, 'display', { notDisplayed: options.moment.notDisplayed });
        if (options.moment && options.moment.skipped) return tell(listener, 'skipped', { skipped: options.moment.skipped });
        if (shown) return;
        chooser(listener);
        tell(listener, 'display', {});
      }, 0);
    },
    cancel: function () {
      record.cancels++;
      var was = close();
      if (was) tell(was.listener, 'dismissed', { dismissed: 'cancel_called' });
    },
    disableAutoSelect: function () {},
  };
})`;

/**
 * Serves the stand-in for Google's script on `page` (before the page loads it) and answers its credential calls
 * from the OpenID Connect stand-in of the test run (KEEPSAKE_E2E_OIDC_ISSUER, e2e/global-setup.ts).
 */
export async function serveGoogleIdentityStandIn(page: Page, options: GsiStandInOptions): Promise<void> {
  const issuer = process.env.KEEPSAKE_E2E_OIDC_ISSUER;
  if (!issuer) throw new Error('KEEPSAKE_E2E_OIDC_ISSUER is not set (e2e/global-setup.ts sets it)');
  await page.route(GSI_CLIENT_URL, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: `${GSI_STAND_IN}(${JSON.stringify(options)});` }),
  );
  await page.route(CREDENTIAL_URL, async (route) => {
    const origin = route.request().headers().origin ?? '*';
    const response = await route.fetch({ url: `${issuer}${ONE_TAP_CREDENTIAL_PATH}`, headers: { 'content-type': 'application/json' } });
    await route.fulfill({ response, headers: { ...response.headers(), 'access-control-allow-origin': origin } });
  });
}

/** What the page did with the stand-in so far. */
export const gsiStandInRecord = (page: Page): Promise<GsiStandInRecord> =>
  page.evaluate(() => (window as unknown as { __gsiStandIn: GsiStandInRecord }).__gsiStandIn);
