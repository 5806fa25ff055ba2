// The hosted sales page's shapes, derived from the server's schemas (@keepsake/wire; ADR 109).
import type { hostedOrderBody, hostedSaleResponse } from '@keepsake/wire/developer/hosted-checkout';
import type { createOrderResponse, orderSchema } from '@keepsake/wire/developer/orders';
import type { z } from 'zod';

export type HostedSale = z.infer<typeof hostedSaleResponse>;
export type HostedOrderInput = z.input<typeof hostedOrderBody>;
export type CreatedOrder = z.infer<typeof createOrderResponse>;
export type Order = z.infer<typeof orderSchema>;
export type Money = { amount: string; currency: string };

/** The order the page follows: its id and the client secret that reads, updates and pays it. */
export type OrderHandle = { orderId: string; clientSecret: string };

/** What the card preparation carries (docs/checkout.md "Paying by card"). */
export type CardPreparation = {
  processor: string;
  label: string;
  test: boolean;
  payUrl: string;
  nextAction?: string;
  testCards?: string[];
  /** Stripe: the PaymentIntent's client secret and the publishable key, for the Payment Element. */
  stripeClientSecret?: string;
  stripePublishableKey?: string;
};

/** One transaction the payer's wallet sends (docs/checkout.md "Paying with crypto"). */
export type PreparedTransaction = { purpose: 'approve' | 'pay'; to: string; data: string; value: string; serializedTransaction: string };

export type CryptoPreparation = {
  chain: string;
  chainId: number;
  payerAddress: string;
  amount: { amount: string; currency: string; units: string };
  transactions: PreparedTransaction[];
};
