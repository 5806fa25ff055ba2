// Tests only: a local stand-in for api.stripe.com answering the documented shapes of the calls the Stripe adapter
// makes (POST /v1/payment_intents, POST /v1/payment_intents/{id}/confirm, GET /v1/payment_intents/{id},
// POST /v1/refunds), including Stripe's error object ({error: {type, code, decline_code, message, param,
// payment_intent}}) and idempotent replays. Stripe's documented test payment methods pick the outcome.
// With a publishable key it also answers what Stripe.js sends from the buyer's browser: the confirm authorised by
// the publishable `key` and the intent's `client_secret`, with the card as `payment_method_data[card][…]`
// (Stripe's test card numbers pick the outcome). With `sendWebhooksTo`, each confirm's outcome is then sent as a
// signed `payment_intent.succeeded` or `payment_intent.payment_failed` event, as Stripe does.
import Stripe from 'stripe';
import { startHttpStandIn, type RecordedRequest } from '../../testing/http-stand-in.ts';

type Intent = Record<string, unknown> & { id: string; amount: number; currency: string; status: string; metadata: Record<string, string> };
type Answer = { status: number; body: string };

const cards: Record<string, { brand: string; last4: string; decline?: string; authenticate?: boolean }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_visa_chargeDeclined: { brand: 'visa', last4: '0002', decline: 'generic_decline' },
  pm_card_visa_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', decline: 'insufficient_funds' },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3220', authenticate: true },
};

/** Stripe's test card numbers, as typed into the Payment Element, to the test payment methods above. */
const testCardNumbers: Record<string, string> = {
  '4242424242424242': 'pm_card_visa',
  '5555555555554444': 'pm_card_mastercard',
  '4000000000000002': 'pm_card_visa_chargeDeclined',
  '4000000000009995': 'pm_card_visa_chargeDeclinedInsufficientFunds',
};

const declineMessages: Record<string, string> = { generic_decline: 'Your card was declined.', insufficient_funds: 'Your card has insufficient funds.' };

const json = (status: number, body: unknown): Answer => ({ status, body: JSON.stringify(body) });
const error = (status: number, fields: Record<string, unknown>) => json(status, { error: fields });

/** Form fields as stripe-node encodes them (`metadata[key]=v`, `expand[0]=x`) into a flat map and the nested parts. */
function fields(encoded: string) {
  const params = new URLSearchParams(encoded);
  const metadata: Record<string, string> = {};
  const expand: string[] = [];
  for (const [name, value] of params) {
    const meta = /^metadata\[(.+)\]$/.exec(name);
    if (meta) metadata[meta[1]!] = value;
    if (/^expand\[\d*\]$/.test(name)) expand.push(value);
  }
  return { get: (name: string) => params.get(name) ?? undefined, metadata, expand };
}

/**
 * Starts the stand-in. `secretKey` is the only secret key it accepts; `livemode` follows its prefix.
 * `publishableKey` admits Stripe.js's browser-side confirm of an intent by its client secret.
 */
export async function startStripeStandIn(secretKey: string, options: { publishableKey?: string } = {}) {
  const intents = new Map<string, Intent>();
  const refunds = new Map<string, Record<string, unknown>>();
  const idempotent = new Map<string, { body: string; answer: Answer }>();
  const livemode = secretKey.startsWith('sk_live_');
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_${String(++counter).padStart(6, '0')}StandIn`;
  const created = () => Math.floor(Date.now() / 1000);
  let webhookTarget: { url: string; secret: string } | undefined;
  const signer = new Stripe(secretKey);

  /** Sends the intent's new state as Stripe's signed event (after the answer, as Stripe does). */
  function notify(intent: Intent): void {
    if (!webhookTarget) return;
    const { url, secret } = webhookTarget;
    const payload = JSON.stringify({
      id: nextId('evt'),
      object: 'event',
      type: intent.status === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
      livemode,
      created: created(),
      api_version: Stripe.API_VERSION,
      data: { object: view(intent, []) },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
    setTimeout(() => {
      void fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload }).catch(() => undefined);
    }, 0);
  }

  /** The intent as Stripe answers it, with `payment_method` and `latest_charge` expanded when asked. */
  function view(intent: Intent, expand: string[]) {
    const method = intent.payment_method as string | null;
    const card = method ? cards[method] : undefined;
    const charge = intent.latest_charge as string | null;
    return {
      ...intent,
      payment_method:
        expand.includes('payment_method') && method && card
          ? { id: method, object: 'payment_method', type: 'card', card: { brand: card.brand, last4: card.last4 } }
          : method,
      latest_charge:
        expand.includes('latest_charge') && charge
          ? {
              id: charge,
              object: 'charge',
              amount_refunded: intent.amount_refunded ?? 0,
              payment_method_details: card ? { type: 'card', card: { brand: card.brand, last4: card.last4 } } : null,
            }
          : charge,
    };
  }

  function createIntent(form: ReturnType<typeof fields>): Answer {
    const amount = Number(form.get('amount'));
    if (!Number.isInteger(amount) || amount < 1)
      return error(400, { type: 'invalid_request_error', code: 'parameter_invalid_integer', param: 'amount', message: 'Invalid integer: amount' });
    const id = nextId('pi');
    const intent: Intent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: form.get('currency') ?? '',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_standin`,
      created: created(),
      livemode,
      metadata: form.metadata,
      description: form.get('description') ?? null,
      receipt_email: form.get('receipt_email') ?? null,
      payment_method: null,
      latest_charge: null,
      last_payment_error: null,
      next_action: null,
    };
    intents.set(id, intent);
    return json(200, view(intent, form.expand));
  }

  function confirm(intent: Intent, form: ReturnType<typeof fields>): Answer {
    const charge = intent.latest_charge;
    const answer = confirmOutcome(intent, form);
    // A charge was attempted (paid or declined): Stripe's event follows.
    if (intent.latest_charge !== charge) notify(intent);
    return answer;
  }

  function confirmOutcome(intent: Intent, form: ReturnType<typeof fields>): Answer {
    const typed = form.get('payment_method_data[card][number]')?.replace(/\D/g, '');
    if (typed !== undefined && !testCardNumbers[typed]) {
      return error(402, { type: 'card_error', code: 'incorrect_number', param: 'number', message: 'Your card number is incorrect.' });
    }
    const method =
      (typed ? testCardNumbers[typed] : form.get('payment_method')) ?? (intent.status === 'requires_action' ? (intent.payment_method as string) : undefined);
    if (intent.status === 'succeeded' || intent.status === 'canceled' || !method) {
      return error(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `This PaymentIntent's status is ${intent.status}; it cannot be confirmed${method ? '' : ' without a payment method'}.`,
        payment_intent: view(intent, []),
      });
    }
    const card = cards[method];
    if (!card)
      return error(400, { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_method', message: `No such PaymentMethod: '${method}'` });
    intent.payment_method = method;
    if (card.authenticate && intent.status !== 'requires_action') {
      const returnUrl = form.get('return_url');
      Object.assign(intent, {
        status: 'requires_action',
        next_action: returnUrl
          ? { type: 'redirect_to_url', redirect_to_url: { url: `https://hooks.stripe.com/3d_secure_2/${intent.id}`, return_url: returnUrl } }
          : { type: 'use_stripe_sdk', use_stripe_sdk: {} },
      });
      return json(200, view(intent, form.expand));
    }
    const charge = nextId('ch');
    if (card.decline) {
      const lastError = { type: 'card_error', code: 'card_declined', decline_code: card.decline, charge, message: declineMessages[card.decline] };
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: lastError, next_action: null, latest_charge: charge });
      return error(402, { ...lastError, payment_intent: view(intent, []) });
    }
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      last_payment_error: null,
      next_action: null,
      latest_charge: charge,
      amount_refunded: 0,
    });
    return json(200, view(intent, form.expand));
  }

  function refund(form: ReturnType<typeof fields>): Answer {
    const intent = intents.get(form.get('payment_intent') ?? '');
    if (!intent)
      return error(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_intent',
        message: `No such payment_intent: '${form.get('payment_intent')}'`,
      });
    const refunded = (intent.amount_refunded as number | undefined) ?? 0;
    if (intent.status !== 'succeeded') {
      return error(400, {
        type: 'invalid_request_error',
        code: 'charge_not_refundable',
        message: 'This PaymentIntent does not have a successful charge to refund.',
      });
    }
    if (refunded >= intent.amount)
      return error(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${String(intent.latest_charge)} has already been refunded.`,
      });
    const amount = form.get('amount') === undefined ? intent.amount - refunded : Number(form.get('amount'));
    if (amount > intent.amount - refunded) {
      return error(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - refunded})`,
      });
    }
    intent.amount_refunded = refunded + amount;
    const id = nextId('re');
    const body = {
      id,
      object: 'refund',
      amount,
      charge: intent.latest_charge,
      created: created(),
      currency: intent.currency,
      metadata: {},
      payment_intent: intent.id,
      reason: form.get('reason') ?? null,
      status: 'succeeded',
    };
    refunds.set(id, body);
    return json(200, body);
  }

  /** Stripe.js in the browser: the publishable key and the intent's client secret, for its own intent's confirm only. */
  function browserConfirm(path: string, form: ReturnType<typeof fields>): Answer {
    const match = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path);
    const intent = match ? intents.get(decodeURIComponent(match[1]!)) : undefined;
    if (!intent || form.get('client_secret') !== intent.client_secret) {
      return error(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: 'No such payment_intent, or the client_secret does not match it.',
      });
    }
    return confirm(intent, form);
  }

  function route(request: RecordedRequest): Answer {
    const [path, query = ''] = request.url.split('?') as [string, string?];
    const form = fields(request.method === 'GET' ? query : request.body);
    if (options.publishableKey && request.method === 'POST' && form.get('key') === options.publishableKey) return browserConfirm(path, form);
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return error(401, { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_****' });
    }
    if (request.method === 'POST' && path === '/v1/payment_intents') return createIntent(form);
    if (request.method === 'POST' && path === '/v1/refunds') return refund(form);
    const match = /^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/.exec(path);
    const intent = match ? intents.get(decodeURIComponent(match[1]!)) : undefined;
    if (match && !intent)
      return error(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'intent', message: `No such payment_intent: '${match[1]}'` });
    if (intent && match?.[2] && request.method === 'POST') return confirm(intent, form);
    if (intent && request.method === 'GET') return json(200, view(intent, form.expand));
    return error(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path}).` });
  }

  const standIn = await startHttpStandIn((request) => {
    // Idempotent requests: a replay answers the first answer; other parameters under the same key are refused.
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || request.method !== 'POST') return route(request);
    const earlier = idempotent.get(key);
    if (earlier && earlier.body !== request.body) {
      return error(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    }
    if (earlier) return earlier.answer;
    const answer = route(request);
    idempotent.set(key, { body: request.body, answer });
    return answer;
  });
  return {
    ...standIn,
    intents,
    refunds,
    /** From now on, each confirm's outcome is POSTed to `url` as Stripe's event, signed with `secret`. */
    sendWebhooksTo(url: string, secret: string) {
      webhookTarget = { url, secret };
    },
    /** Sends no more webhooks. */
    stopWebhooks() {
      webhookTarget = undefined;
    },
  };
}
