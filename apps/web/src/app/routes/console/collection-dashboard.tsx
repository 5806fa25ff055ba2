import { CollectionDashboard } from '../../../features/collections/components/collection-dashboard';
import { CollectionSalesDashboard } from '../../../features/orders/components/collection-sales-dashboard';
import { useCollectionOutlet } from './collection-layout';

/** `/console/collections/{id}/dashboard`: the contract and mints, then the orders, revenue and sales. */
export function Component() {
  const { collection } = useCollectionOutlet();
  return (
    <div className="space-y-8">
      <CollectionDashboard collection={collection} />
      <CollectionSalesDashboard collectionId={collection.id} />
    </div>
  );
}
