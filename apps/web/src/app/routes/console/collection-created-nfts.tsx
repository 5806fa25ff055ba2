import { CollectionNfts } from '../../../features/collections/components/collection-nfts';
import { useCollectionOutlet } from './collection-layout';

/** `/console/collections/{id}/created/nfts` */
export function Component() {
  return <CollectionNfts collection={useCollectionOutlet().collection} />;
}
