// The Orders API's service (issue 14 items 3–6): create with a quote, read, list and PATCH; an API key sees its
// project's orders, a client secret its own order only. The client secret is derived from the order id with the
// server's HMAC key, so it is never stored (only its SHA-256) and an idempotent replay can answer it again.
import { randomUUID } from 'node:crypto';
import type { OrderPaymentColumn, OrderRecipientColumn } from '@keepsake/db/schema';
import type { CreateOrderInput, OrderResponse, PayOrderInput, UpdateOrderInput } from '@keepsake/wire/developer/orders';
import { chainEnvPrefix } from '@keepsake/chains/config';
import type { EvmBlockchain } from '@keepsake/chains/blockchains';
import { getAddress } from 'viem';
import type { CollectionService } from '../../collections/service.ts';
import type { Transaction } from '@keepsake/db/client';
import type { AppContext } from '../../context.ts';
import { requestHashOf, type IdempotencyRequest } from '../../idempotency/request-hash.ts';
import { runIdempotent } from '../../idempotency/service.ts';
import { hmacHex, sha256Hex } from '../../platform/secrets.ts';
import { CryptoPaymentsUnavailableError } from '../crypto/errors.ts';
import { paymentContractOf, prepareCryptoPayment } from '../crypto/preparation.ts';
import { findCurrency, type PriceCurrency } from '../pricing/currencies.ts';
import { toUnits } from '../pricing/money.ts';
import type { PriceService } from '../pricing/prices.ts';
import { InvalidOrderError, OrderNotFoundError } from './errors.ts';
import { assertFrozenFieldsKept, paymentStarted } from './frozen.ts';
import { countedUnits } from './present.ts';
import { resolveLines, type LineRequest } from './line-items.ts';
import type { WebhookService } from '../../webhooks/service.ts';
import type { CardCheckout } from '../cards/service.ts';
import type { Settlement } from '../settlement/settlement.ts';
import type { OrderPresenter } from './presenter.ts';
import { priceOrder } from './quote.ts';
import * as store from './store.ts';
import type { ProjectService } from '../../projects/service.ts';
import { createAcceptWriter } from '../../nfts/accept-writer.ts';

type NewOrder = store.NewOrderValues;

export type OrderCaller = { projectId: string } | { clientSecret: string };

export function createOrderService(
  ctx: AppContext,
  deps: {
    collections: CollectionService;
    prices: PriceService;
    webhooks: WebhookService;
    presenter: OrderPresenter;
    cards: CardCheckout;
    settlement: Settlement;
    projects: Pick<ProjectService, 'checkoutFeePercent'>;
  },
) {
  const db = ctx.db;
  const clientSecretOf = (orderId: string) => `ord_cs_${hmacHex(ctx.keys.hmac, `order-client-secret:${orderId}`)}`;
  const { isCrypto } = deps.presenter;

  /** The payment currency for the method. @throws InvalidOrderError */
  function paymentCurrency(method: string, code: string): PriceCurrency {
    if (method === 'card') {
      const fiat = findCurrency(ctx.chains, 'card', code);
      if (fiat?.kind !== 'fiat') throw new InvalidOrderError(`A card pays in a fiat currency (usd, eur, …), not ${code}.`);
      return fiat;
    }
    if (!ctx.chains.connections.some((c) => c.chain === method)) {
      throw new InvalidOrderError(`payment.method ${method} is neither card nor a chain this server is connected to.`);
    }
    const token = findCurrency(ctx.chains, method, code);
    if (!token || token.kind === 'fiat') throw new InvalidOrderError(`currency ${code} is not a token of the ${method} chain.`);
    if (!paymentContractOf(ctx.chains, method))
      throw new CryptoPaymentsUnavailableError(method, `${chainEnvPrefix(method as EvmBlockchain)}_PAYMENTS_CONTRACT`);
    return token;
  }

  /** Prices the lines now. @throws InvalidOrderError, PricesUnavailableError */
  async function quote(projectId: string, payment: OrderPaymentColumn, requests: LineRequest[]) {
    const currency = paymentCurrency(payment.method, payment.currency);
    const crypto = isCrypto(payment.method);
    // Independent reads, together: the order's latency is one round trip to the database, not three in a row.
    const [lines, snapshot, feePercent] = await Promise.all([
      resolveLines({ chains: ctx.chains, collections: deps.collections }, projectId, requests, crypto ? payment.method : undefined),
      deps.prices.current(),
      deps.projects.checkoutFeePercent(projectId),
    ]);
    const priced = priceOrder(deps.prices, snapshot, { lines, currency, crypto, feePercent });
    for (const item of priced.lineItems) {
      const most = item.totalPrice === undefined ? undefined : toUnits(item.totalPrice, currency.decimals);
      if (most !== undefined && BigInt(item.totalUnits) > most) {
        throw new InvalidOrderError(`The price of ${item.collectionLocator} is above its callData.totalPrice of ${item.totalPrice} ${currency.code}.`);
      }
    }
    // A card total the processor cannot take is refused here, before the order is written (issue 22 item 12).
    if (!crypto) deps.cards.assertChargeable(priced.quote);
    const quotedAt = new Date();
    return { ...priced, quotedAt, quoteExpiresAt: new Date(quotedAt.getTime() + ctx.config.checkout.quoteTtlMs) };
  }

  function recipientOf(input: CreateOrderInput['recipient']): OrderRecipientColumn | null {
    if (!input) return null;
    return 'email' in input ? { email: input.email } : { walletAddress: getAddress(input.walletAddress) };
  }

  /**
   * The order object with what its page needs to pay: a card order awaiting payment gets the card processor's
   * preparation (ADR 105); a crypto order awaiting payment from a known payer what the payer signs or the
   * insufficient-funds status their balances give (ADR 106). A chain that does not answer leaves the order as it is
   * (awaiting payment, no preparation) rather than failing the read.
   */
  async function present(row: store.OrderRow): Promise<OrderResponse> {
    const payments = await store.paymentsOf(db, [row.id]);
    const order = deps.presenter.withPayments(row, payments);
    if (!isCrypto(row.payment.method)) {
      if (!['awaiting-payment', 'in-progress', 'failed'].includes(order.payment.status)) return order;
      return { ...order, payment: { ...order.payment, preparation: await deps.cards.preparation(row) } };
    }
    const payerAddress = row.payment.payerAddress;
    // `in-progress`: underpayments arrived; the payer is asked for the rest.
    const partly = order.payment.status === 'in-progress';
    if ((order.payment.status !== 'awaiting-payment' && !partly) || !payerAddress) return order;
    try {
      // What counts toward the total: payments in the quote's currency not being given back (a refunded late payment).
      const receivedUnits = countedUnits(row, payments);
      const state = await prepareCryptoPayment(ctx.chains, { id: row.id, payment: { ...row.payment, payerAddress }, quote: row.quote, receivedUnits });
      order.payment = { ...order.payment, ...state, ...(partly && state.status === 'awaiting-payment' ? { status: 'in-progress' as const } : {}) };
    } catch (error) {
      ctx.log.warn({ err: error, orderId: row.id }, 'could not prepare the crypto payment (the chain did not answer)');
    }
    return order;
  }

  /**
   * Inserts new orders with their `orders.quote.created` timeline steps and webhook messages, a statement each for
   * all of them (ADR 111).
   */
  async function writeOrders(tx: Transaction, values: NewOrder[]) {
    const rows = await store.insertOrders(tx, values);
    const created = rows.map((row) => ({ row, order: deps.presenter.created(row) }));
    const type = 'orders.quote.created';
    await deps.settlement.recordEvents(
      tx,
      created.map(({ row, order }) => ({ orderId: row.id, projectId: row.projectId, type, data: { quote: order.quote } })),
    );
    const published = await deps.webhooks.publishMany(
      tx,
      created.map(({ row, order }) => ({ projectId: row.projectId, type: 'orders.quote.created', data: order })),
    );
    return { created, published };
  }

  /**
   * Orders created without an idempotency key: concurrent ones are written together (group commit, ADR 111). Each
   * answers with the order object its webhook message carries: presented once (ADR 122).
   */
  const writer = createAcceptWriter(
    async (values: NewOrder[]) => {
      const { created, published } = await db.transaction((tx) => writeOrders(tx, values));
      // The relay runs only for a message some endpoint takes: most projects do not subscribe to every quote.
      if (published > 0) deps.webhooks.flush();
      return created.map(({ row, order }) => ({ id: row.id, order }));
    },
    { maxInFlight: ctx.dbKind === 'pglite' ? 1 : ctx.config.minting.acceptWriters, maxRows: 500 },
  );

  /** @throws OrderNotFoundError */
  async function orderOf(caller: OrderCaller, id: string) {
    const row =
      'projectId' in caller ? await store.findOrder(db, caller.projectId, id) : await store.findOrderBySecretHash(db, id, sha256Hex(caller.clientSecret));
    if (!row) throw new OrderNotFoundError();
    return row;
  }

  return {
    /**
     * Creates an order with its quote; 201 `{clientSecret, order}`.
     * @throws InvalidOrderError, PricesUnavailableError, IdempotencyKeyReusedError
     */
    async create(projectId: string, input: CreateOrderInput, idempotency: IdempotencyRequest | undefined) {
      const requests = [input.lineItems].flat().map((item) => ({ collectionLocator: item.collectionLocator, ...item.callData }));
      const payment: OrderPaymentColumn = {
        method: input.payment.method,
        currency: input.payment.currency,
        ...(input.payment.payerAddress ? { payerAddress: getAddress(input.payment.payerAddress) } : {}),
        ...(input.payment.receiptEmail ? { receiptEmail: input.payment.receiptEmail } : {}),
      };
      const priced = await quote(projectId, payment, requests);
      const id = randomUUID();
      const clientSecret = clientSecretOf(id);
      const values: NewOrder = {
        id,
        projectId,
        clientSecretHash: sha256Hex(clientSecret),
        locale: input.locale,
        recipient: recipientOf(input.recipient),
        payment,
        ...priced,
        requestHash: requestHashOf(input),
      };
      let published = 0;
      let result: { status: number; body: OrderResponse };
      if (!idempotency) {
        // Written with the orders created meanwhile, one transaction for all (ADR 111); the writer woke the relay.
        const [written] = await writer.write([values]);
        result = { status: 201, body: written!.order };
      } else {
        result = await runIdempotent(db, projectId, idempotency, async (tx) => {
          const written = await writeOrders(tx, [values]);
          published = written.published;
          return { status: 201, body: written.created[0]!.order };
        });
      }
      // The relay runs only for a message some endpoint takes: most projects do not subscribe to every quote.
      if (published > 0) deps.webhooks.flush();
      // What the page needs to pay is read fresh, never kept with an idempotent response: what a crypto payer signs
      // depends on the chain now, and a card order's processor payment is the order's (its key is the order's).
      const prepare = !isCrypto(payment.method) || (payment.payerAddress !== undefined && result.body.payment.status === 'awaiting-payment');
      const order = prepare ? await present(await orderOf({ projectId }, result.body.orderId)) : result.body;
      // A replay answers the first request's order, whose id (and so secret) is not this call's.
      const secret = result.body.orderId === id ? clientSecret : clientSecretOf(result.body.orderId);
      return { status: result.status, body: { clientSecret: secret, order } };
    },

    /** The project's checkout fee tier (0, 1 or 3 %), for a page that shows the fees before the quote. */
    async feePercent(projectId: string) {
      return deps.projects.checkoutFeePercent(projectId);
    },

    /** @throws OrderNotFoundError */
    async get(caller: OrderCaller, id: string) {
      return present(await orderOf(caller, id));
    },

    async list(projectId: string, query: { page: number; perPage: number; phase?: string | undefined; collectionId?: string | undefined }) {
      const { rows, total } = await store.listOrders(db, projectId, { collectionId: query.collectionId, phase: query.phase }, query.page, query.perPage);
      return { results: await deps.presenter.many(db, rows), page: query.page, perPage: query.perPage, total };
    },

    /**
     * Sets the recipient, payer address, receipt email or locale; an expired quote is priced again while no payment
     * has started. Once one has (or the order is paid), the recipient and payer are frozen and the quote is history
     * (issue 22 items 1–2, ADR 135): a PATCH that would change them is a 409.
     * @throws OrderNotFoundError, OrderFrozenError, InvalidOrderError, PricesUnavailableError
     */
    async update(caller: OrderCaller, id: string, patch: UpdateOrderInput) {
      const found = await orderOf(caller, id);
      const next = (row: store.OrderRow) => ({
        recipient: patch.recipient ? recipientOf(patch.recipient) : row.recipient,
        payment: {
          ...row.payment,
          ...(patch.payment?.payerAddress ? { payerAddress: getAddress(patch.payment.payerAddress) } : {}),
          ...(patch.payment?.receiptEmail ? { receiptEmail: patch.payment.receiptEmail } : {}),
        },
      });
      assertFrozenFieldsKept(found, next(found));
      const expired = found.quoteExpiresAt.getTime() <= Date.now();
      const requests = found.lineItems.map((item) => ({ collectionLocator: item.collectionLocator, quantity: item.quantity, totalPrice: item.totalPrice }));
      const requoted = expired && !paymentStarted(found) ? await quote(found.projectId, next(found).payment, requests) : undefined;
      const row = await db.transaction(async (tx) => {
        // Settlement locks the order too: a payment that started since the read above is seen here, and wins.
        const locked = (await store.lockOrder(tx, id))!;
        const changes = next(locked);
        assertFrozenFieldsKept(locked, changes);
        return store.updateOrder(tx, id, {
          ...changes,
          ...(patch.locale ? { locale: patch.locale } : {}),
          ...(requoted && !paymentStarted(locked) ? requoted : {}),
        });
      });
      return present(row);
    },

    /**
     * Pays a card order (ADR 105) and answers the order as it stands after.
     * @throws OrderNotFoundError, InvalidOrderError, OrderPaymentStateError, CardValidationError, CardPaymentsDisabledError
     */
    async pay(caller: OrderCaller, id: string, body: PayOrderInput) {
      const row = await orderOf(caller, id);
      const order = await deps.presenter.one(db, row);
      await deps.cards.pay(row, order.payment.status, body);
      return present(await orderOf(caller, id));
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
