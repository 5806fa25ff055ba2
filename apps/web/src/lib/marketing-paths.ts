/** Pages the light marketing entry renders without the app (see `main.tsx`). */
export const MARKETING_PATHS = ['/', '/team', '/help', '/jobs'] as const;
export type MarketingPath = (typeof MARKETING_PATHS)[number];

export function marketingPath(pathname: string): MarketingPath | null {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return MARKETING_PATHS.find((path) => path === normalized) ?? null;
}
