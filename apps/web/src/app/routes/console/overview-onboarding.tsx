import { useQueries } from '@tanstack/react-query';
import { useApiKeys } from '../../../features/api-keys/api/get-api-keys';
import { mintStatsQueryOptions } from '../../../features/collections/api/get-collection-nfts';
import { useCollections } from '../../../features/collections/api/get-collections';
import { useEndpoints } from '../../../features/webhooks/api/get-endpoints';
import { OnboardingChecklist } from '../../../features/onboarding/components/onboarding-checklist';
import type { Onboarding } from '../../../features/onboarding/types';
import { hasSeenNft } from '../../../lib/seen-nft';

/**
 * The checklist's state, from the console API the other pages use: the project's keys, webhook endpoints,
 * collections (first page, newest first) and their mint counts. The counts take one request per collection on
 * that page; a project-wide mint count on the collections list would save them.
 */
export function useOnboarding(projectId: string): Onboarding {
  const keys = useApiKeys(projectId);
  const endpoints = useEndpoints(projectId);
  const collections = useCollections(projectId, 1);
  const list = collections.data?.collections ?? [];
  const stats = useQueries({ queries: list.map((collection) => mintStatsQueryOptions(collection.id)) });
  const mintedIndex = stats.findIndex((result) => (result.data?.total ?? 0) > 0);
  const loading = keys.isPending || endpoints.isPending || collections.isPending || stats.some((result) => result.isPending);
  return {
    loading,
    done: {
      apiKey: (keys.data ?? []).some((key) => key.revokedAt === null),
      webhook: (endpoints.data?.length ?? 0) > 0,
      collection: list.length > 0,
      mint: mintedIndex >= 0,
      see: mintedIndex >= 0 && hasSeenNft(projectId),
    },
    collection: list[0] ?? null,
    mintedCollection: mintedIndex >= 0 ? (list[mintedIndex] ?? null) : null,
  };
}

/** The Overview's checklist over the project's data. */
export function OverviewOnboarding({ projectId }: { projectId: string }) {
  return <OnboardingChecklist projectId={projectId} onboarding={useOnboarding(projectId)} />;
}
