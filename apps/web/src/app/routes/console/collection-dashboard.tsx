import { CollectionDashboard } from '../../../features/collections/components/collection-dashboard';
import { useCollectionOutlet } from './collection-layout';

/** `/console/collections/{id}/dashboard` */
export function Component() {
  return <CollectionDashboard collection={useCollectionOutlet().collection} />;
}
