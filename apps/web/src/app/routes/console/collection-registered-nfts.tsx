import { RegisteredNfts } from '../../../features/collections/components/registered-nfts';
import { useCollectionOutlet } from './collection-layout';

/** `/console/collections/{id}/registered/nfts` */
export function Component() {
  return <RegisteredNfts collection={useCollectionOutlet().collection} />;
}
