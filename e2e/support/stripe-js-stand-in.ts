// Stripe.js cannot be downloaded here, so the browser tests give the page a small stand-in for it (ADR 121): the
// script `@stripe/stripe-js` loads from https://js.stripe.com is answered with STRIPE_JS_STAND_IN, which implements
// the documented surface the hosted page uses (`Stripe(publishableKey)`, `stripe.elements({clientSecret,
// appearance})`, `elements.create('payment')`, `element.mount` / `destroy`, `stripe.confirmPayment({elements,
// redirect, confirmParams})`), and https://api.stripe.com is forwarded to the Stripe HTTP stand-in
// (apps/server/src/payments/cards/stripe-stand-in.ts). As Stripe.js does, the confirm is a form POST to
// /v1/payment_intents/{id}/confirm carrying the publishable `key`, the `client_secret` and
// `payment_method_data[card][…]`; the HTTP stand-in then sends Stripe's signed webhook to the server.
import type { BrowserContext } from '@playwright/test';

/** The Payment Element as plain labelled inputs, in the page (the real one is an iframe of Stripe's). */
export const STRIPE_JS_STAND_IN = String.raw`
(function () {
  function field(root, id, label, autocomplete, placeholder) {
    var wrap = document.createElement('div');
    wrap.style.marginBottom = '12px';
    var name = document.createElement('label');
    name.htmlFor = id;
    name.textContent = label;
    name.style.display = 'block';
    name.style.fontSize = '14px';
    name.style.marginBottom = '4px';
    var input = document.createElement('input');
    input.id = id;
    input.autocomplete = autocomplete;
    input.placeholder = placeholder;
    input.inputMode = 'numeric';
    input.style.width = '100%';
    input.style.boxSizing = 'border-box';
    input.style.padding = '8px';
    input.style.border = '1px solid #64748b';
    input.style.borderRadius = '6px';
    input.style.background = 'transparent';
    input.style.color = 'inherit';
    wrap.appendChild(name);
    wrap.appendChild(input);
    root.appendChild(wrap);
    return input;
  }

  function Stripe(publishableKey) {
    if (!(this instanceof Stripe)) return new Stripe(publishableKey);
    if (!/^pk_(test|live)_/.test(publishableKey)) throw new Error('Invalid publishable key: ' + publishableKey);
    this._key = publishableKey;
  }

  Stripe.prototype.elements = function (options) {
    if (!options || !/_secret_/.test(options.clientSecret)) throw new Error('elements() needs the PaymentIntent client secret.');
    var elements = { _clientSecret: options.clientSecret, _appearance: options.appearance, _inputs: null };
    elements.create = function (type) {
      if (type !== 'payment') throw new Error('This stand-in has the payment element only, not ' + type + '.');
      var root = null;
      return {
        mount: function (target) {
          root = typeof target === 'string' ? document.querySelector(target) : target;
          var box = document.createElement('div');
          box.setAttribute('data-stripe-stand-in', 'payment-element');
          root.appendChild(box);
          elements._inputs = {
            number: field(box, 'stripe-card-number', 'Card number', 'cc-number', '1234 1234 1234 1234'),
            expiry: field(box, 'stripe-card-expiry', 'Expiration date', 'cc-exp', 'MM / YY'),
            cvc: field(box, 'stripe-card-cvc', 'Security code', 'cc-csc', 'CVC'),
          };
        },
        destroy: function () {
          if (root) root.replaceChildren();
          elements._inputs = null;
        },
      };
    };
    return elements;
  };

  Stripe.prototype.confirmPayment = async function (params) {
    var elements = params.elements;
    var inputs = elements && elements._inputs;
    if (!inputs) return { error: { type: 'invalid_request_error', message: 'The Payment Element is not mounted.' } };
    var number = inputs.number.value.replace(/\D/g, '');
    var expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(inputs.expiry.value);
    if (number.length < 12) return { error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } };
    if (!expiry) return { error: { type: 'validation_error', code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." } };
    if (!/^\d{3,4}$/.test(inputs.cvc.value.trim())) return { error: { type: 'validation_error', code: 'incomplete_cvc', message: "Your card's security code is incomplete." } };
    var clientSecret = elements._clientSecret;
    var id = clientSecret.split('_secret_')[0];
    var body = new URLSearchParams({
      key: this._key,
      client_secret: clientSecret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': number,
      'payment_method_data[card][exp_month]': expiry[1],
      'payment_method_data[card][exp_year]': expiry[2],
      'payment_method_data[card][cvc]': inputs.cvc.value.trim(),
    });
    if (params.confirmParams && params.confirmParams.return_url) body.set('return_url', params.confirmParams.return_url);
    var response = await fetch('https://api.stripe.com/v1/payment_intents/' + encodeURIComponent(id) + '/confirm', { method: 'POST', body: body });
    var answer = await response.json();
    if (answer.error) return { error: answer.error };
    if (answer.status === 'requires_action' && params.redirect !== 'if_required') window.location.assign(params.confirmParams.return_url);
    return { paymentIntent: answer };
  };

  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;

/**
 * Routes the context's requests for Stripe.js to the stand-in script and its API calls to the Stripe HTTP stand-in
 * at `apiUrl`; answers the script URLs the page asked for.
 */
export async function routeStripeJs(context: BrowserContext, apiUrl: string): Promise<{ scriptRequests: string[] }> {
  const scriptRequests: string[] = [];
  await context.route(/^https:\/\/js\.stripe\.com\//, async (route) => {
    scriptRequests.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'application/javascript', body: STRIPE_JS_STAND_IN });
  });
  await context.route(/^https:\/\/api\.stripe\.com\//, async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${apiUrl}${url.pathname}${url.search}` });
    // Stripe's API answers browsers with CORS; the stand-in is a server-side one.
    await route.fulfill({ response, headers: { ...response.headers(), 'access-control-allow-origin': '*' } });
  });
  return { scriptRequests };
}
