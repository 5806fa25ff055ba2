// The console's order shapes, derived from the server's schemas (@keepsake/wire; docs/decisions/087, 107).
import type {
  consoleOrderDetailSchema,
  consoleOrderSummarySchema,
  consoleOrdersResponse,
  orderMoneyKinds,
  orderPaymentStatuses,
  orderStatsResponse,
  revenueResponse,
  salesResponse,
} from '@keepsake/wire/console/orders';
import type { orderPhases } from '@keepsake/wire/developer/orders';
import type { z } from 'zod';

export type OrderSummary = z.infer<typeof consoleOrderSummarySchema>;
export type OrdersPage = z.infer<typeof consoleOrdersResponse>;
export type OrderDetail = z.infer<typeof consoleOrderDetailSchema>;
export type OrderStats = z.infer<typeof orderStatsResponse>;
export type Revenue = z.infer<typeof revenueResponse>;
export type Sales = z.infer<typeof salesResponse>;
export type OrderPhase = (typeof orderPhases)[number];
export type OrderPaymentStatus = (typeof orderPaymentStatuses)[number];
export type OrderMoneyKind = (typeof orderMoneyKinds)[number];
export type Money = { amount: string; currency: string };

/** Whose orders a page shows: the current project's, or one collection's. */
export type OrderScope = { projectId: string } | { collectionId: string };

/** The list's search and filters (undefined: any). */
export type OrderFilters = {
  q?: string | undefined;
  phase?: OrderPhase | undefined;
  paymentStatus?: OrderPaymentStatus | undefined;
  money?: OrderMoneyKind | undefined;
};
