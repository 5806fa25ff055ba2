import { useCallback } from 'react';
import { useParams } from 'react-router';
import { NftDetailPage } from '../../../features/collections/components/nft-detail';
import { markNftSeen } from '../../../lib/seen-nft';
import { useCollectionOutlet } from './collection-layout';

/** `/console/collections/{id}/created/nfts/{nftId}`; opening it ticks the Overview checklist's "see it". */
export function Component() {
  const { collection } = useCollectionOutlet();
  const { nftId = '' } = useParams();
  const onLoaded = useCallback(() => markNftSeen(collection.projectId), [collection.projectId]);
  return <NftDetailPage collectionId={collection.id} nftId={nftId} onLoaded={onLoaded} />;
}
