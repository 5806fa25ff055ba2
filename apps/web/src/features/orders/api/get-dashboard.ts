import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Revenue, Sales } from '../types/order';

/** A dashboard window: the last `days` days, by day or by hour. */
export type DashboardWindow = { after: number; before: number; periodInMS: number };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The last `days` days up to the end of the current hour (a stable key while the page stays open). */
export function lastDays(days: number, now = Date.now()): DashboardWindow {
  const before = Math.ceil(now / HOUR) * HOUR;
  const periodInMS = days <= 2 ? HOUR : DAY;
  return { after: before - days * DAY, before, periodInMS };
}

const path = (collectionId: string, what: 'revenue' | 'sales') => `/api/console/collections/${encodeURIComponent(collectionId)}/dashboard/${what}`;

export function revenueQueryOptions(collectionId: string, window: DashboardWindow) {
  return queryOptions({
    queryKey: ['console', 'collection', collectionId, 'dashboard', 'revenue', window],
    queryFn: ({ signal }) => apiFetch<Revenue>(path(collectionId, 'revenue'), { query: window, signal }),
    meta: { toast: false },
  });
}

export function useRevenue(collectionId: string, window: DashboardWindow) {
  return useQuery(revenueQueryOptions(collectionId, window));
}

export function salesQueryOptions(collectionId: string, window: DashboardWindow) {
  return queryOptions({
    queryKey: ['console', 'collection', collectionId, 'dashboard', 'sales', window],
    queryFn: ({ signal }) => apiFetch<Sales>(path(collectionId, 'sales'), { query: window, signal }),
    meta: { toast: false },
  });
}

export function useSales(collectionId: string, window: DashboardWindow) {
  return useQuery(salesQueryOptions(collectionId, window));
}
