// The console's order pages and collection dashboard (issue 14 item 17; spec §7 "Collections": dashboard/revenue
// with after, before and periodInMS, dashboard/sales, orders stats, list and detail; ADR 107). Money is a decimal
// string with its currency; money that is not real (the test card processor, a local chain) is marked `test` and
// never summed with real money.
import { z } from 'zod';
import { pageFields, pageQuerySchema, perPageQuerySchema, uuidSchema } from '../common.ts';
import { orderPhases } from '../developer/orders.ts';

/** What money an order has received: none yet, part of the total (underpayments), paid, a refund on its way, or given back. */
export const orderPaymentStatuses = ['unpaid', 'partial', 'succeeded', 'refund-pending', 'refunded'] as const;
export type OrderPaymentStatus = (typeof orderPaymentStatuses)[number];

/** `test`: orders paid with test money; `live`: orders paid with real money. */
export const orderMoneyKinds = ['test', 'live'] as const;

const moneySchema = z.object({ amount: z.string().meta({ description: 'A decimal string' }), currency: z.string() });

/** The list's filters, shared by the project's and a collection's lists and their CSV exports. */
const orderFilterFields = {
  q: z
    .string({ message: 'q must be a string' })
    .trim()
    .max(200, { message: 'q must be at most 200 characters' })
    .optional()
    .meta({ description: 'An order id (or its start), an email or a wallet address' }),
  phase: z.enum(orderPhases, { message: `phase must be one of ${orderPhases.join(', ')}` }).optional(),
  paymentStatus: z.enum(orderPaymentStatuses, { message: `paymentStatus must be one of ${orderPaymentStatuses.join(', ')}` }).optional(),
  money: z.enum(orderMoneyKinds, { message: 'money must be test or live' }).optional().meta({ description: 'Orders paid with test money, or with real money' }),
};

/** GET /api/console/orders?projectId&…: a project's orders; `collectionId` narrows them to one collection. */
export const consoleOrdersQuery = z.object({
  projectId: uuidSchema,
  collectionId: uuidSchema.optional(),
  ...orderFilterFields,
  page: pageQuerySchema,
  perPage: perPageQuerySchema,
});
/** GET /api/console/collections/{id}/orders. */
export const collectionOrdersQuery = z.object({ ...orderFilterFields, page: pageQuerySchema, perPage: perPageQuerySchema });
/** The CSV exports take the same filters, without pages. */
export const consoleOrdersExportQuery = consoleOrdersQuery.omit({ page: true, perPage: true });
export const collectionOrdersExportQuery = collectionOrdersQuery.omit({ page: true, perPage: true });

export const consoleOrderSummarySchema = z
  .object({
    orderId: z.string(),
    createdAt: z.string(),
    phase: z.enum(orderPhases),
    paymentStatus: z.enum(orderPaymentStatuses),
    test: z.boolean().meta({ description: 'Paid with test money' }),
    recipient: z.string().nullable().meta({ description: "The recipient's email or wallet address" }),
    collections: z.array(z.object({ id: z.string(), name: z.string() })),
    quantity: z.number().int(),
    total: moneySchema,
    received: moneySchema.nullable(),
  })
  .meta({ id: 'ConsoleOrderSummary' });

export const consoleOrdersResponse = z.object({ orders: z.array(consoleOrderSummarySchema), ...pageFields });

/** `{orderId}` of the console's order paths. */
export const consoleOrderParams = z.object({ orderId: uuidSchema });
export const consoleOrderQuery = z.object({ projectId: uuidSchema });
export const collectionOrderParams = z.object({ id: uuidSchema, orderId: uuidSchema });

const refundSchema = z.object({ reference: z.string(), amount: z.string(), refundedAt: z.string(), reason: z.string() });

export const consoleOrderDetailSchema = z
  .object({
    orderId: z.string(),
    projectId: z.string(),
    createdAt: z.string(),
    locale: z.string(),
    phase: z.enum(orderPhases),
    paymentStatus: z.enum(orderPaymentStatuses),
    test: z.boolean(),
    recipient: z.object({ email: z.string().optional(), walletAddress: z.string().optional() }).nullable(),
    payment: z.object({ method: z.string(), currency: z.string(), payerAddress: z.string().nullable(), receiptEmail: z.string().nullable() }),
    lineItems: z.array(
      z.object({
        collectionId: z.string(),
        collectionName: z.string(),
        name: z.string(),
        templateId: z.string().nullable(),
        chain: z.string(),
        quantity: z.number().int(),
        unitPrice: moneySchema,
        totalPrice: moneySchema,
      }),
    ),
    totals: z.object({
      subtotal: moneySchema,
      fees: moneySchema,
      total: moneySchema,
      sellerNet: moneySchema.meta({ description: 'What the seller receives: the subtotal less the fees they bear' }),
      feesPayer: z.enum(['buyer', 'seller', 'buyer-subtract']),
      feePercent: z.number(),
      devRates: z.boolean(),
    }),
    payments: z.array(
      z.object({
        id: z.string(),
        method: z.string(),
        amount: moneySchema,
        reference: z.string(),
        payer: z.string().nullable(),
        card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
        test: z.boolean(),
        status: z.enum(['succeeded', 'refund-pending', 'refunded']),
        receivedAt: z.string(),
        refund: refundSchema.nullable(),
      }),
    ),
    timeline: z.array(
      z.object({
        type: z.string().meta({ description: 'Named like the webhook event: orders.quote.created, orders.payment.succeeded, …' }),
        at: z.string(),
        data: z.record(z.string(), z.unknown()),
      }),
    ),
  })
  .meta({ id: 'ConsoleOrderDetail' });

export const consoleOrderResponse = z.object({ order: consoleOrderDetailSchema });

/** Money per currency, test money apart from real money. */
const revenueTotalSchema = z.object({
  currency: z.string(),
  test: z.boolean(),
  gross: z.string().meta({ description: 'Payments received and not refunded' }),
  fees: z.string(),
  sellerNet: z.string(),
  refunded: z.string(),
});

/** GET …/orders/stats. */
export const consoleOrderStatsQuery = z.object({ projectId: uuidSchema, collectionId: uuidSchema.optional() });
export const orderStatsResponse = z.object({
  orders: z.number().int(),
  phases: z.object({ quote: z.number().int(), payment: z.number().int(), delivery: z.number().int(), completed: z.number().int() }),
  paid: z.number().int().meta({ description: 'Orders with a payment received (refunded ones included)' }),
  refunded: z.number().int(),
  revenue: z.array(revenueTotalSchema),
});

/** The longest window a dashboard series covers, in buckets. */
export const maxDashboardBuckets = 1000;
const day = 86_400_000;

const instantQuery = (name: string) =>
  z.coerce
    .number({ message: `${name} must be a time in milliseconds since 1970` })
    .int({ message: `${name} must be a time in milliseconds since 1970` })
    .min(0, { message: `${name} must be a time in milliseconds since 1970` })
    .max(8_640_000_000_000_000, { message: `${name} must be a time in milliseconds since 1970` })
    .optional();

/** `?after&before&periodInMS` (milliseconds): the window and the width of each bucket; the last 30 days by day by default. */
export const dashboardQuery = z
  .object({
    after: instantQuery('after').meta({ description: 'Start of the window, ms since 1970 (default: 30 days before `before`)' }),
    before: instantQuery('before').meta({ description: 'End of the window, ms since 1970 (default: now)' }),
    periodInMS: z.coerce
      .number({ message: 'periodInMS must be an integer' })
      .int({ message: 'periodInMS must be an integer' })
      .min(60_000, { message: 'periodInMS must be at least 60000 (one minute)' })
      .max(366 * day, { message: `periodInMS must be at most ${366 * day}` })
      .default(day),
  })
  .transform((query, ctx) => {
    const before = query.before ?? Date.now();
    const after = query.after ?? before - 30 * day;
    if (after >= before) ctx.addIssue({ code: 'custom', message: 'after must be before before' });
    else if (Math.ceil((before - after) / query.periodInMS) > maxDashboardBuckets) {
      ctx.addIssue({ code: 'custom', message: `The window holds more than ${maxDashboardBuckets} periods; widen periodInMS or narrow the window` });
    }
    return { after, before, periodInMS: query.periodInMS };
  });

const windowFields = { after: z.string(), before: z.string(), periodInMS: z.number().int() };

/** GET /api/console/collections/{id}/dashboard/revenue: money received per bucket, one series per currency and kind of money. */
export const revenueResponse = z.object({
  ...windowFields,
  series: z.array(
    z.object({
      currency: z.string(),
      test: z.boolean(),
      points: z.array(z.object({ start: z.string(), amount: z.string() })),
    }),
  ),
});

/** GET /api/console/collections/{id}/dashboard/sales: paid orders and NFTs sold per bucket, test money apart. */
export const salesResponse = z.object({
  ...windowFields,
  points: z.array(z.object({ start: z.string(), orders: z.number().int(), nfts: z.number().int(), testOrders: z.number().int(), testNfts: z.number().int() })),
});
