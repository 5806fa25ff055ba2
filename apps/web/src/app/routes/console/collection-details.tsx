import { CollectionDetailsForm } from '../../../features/collections/components/collection-details-form';
import { useCollectionOutlet } from './collection-layout';

/** `/console/collections/{id}/details` */
export function Component() {
  const { collection, canManage } = useCollectionOutlet();
  return <CollectionDetailsForm key={collection.id} collection={collection} canManage={canManage} />;
}
