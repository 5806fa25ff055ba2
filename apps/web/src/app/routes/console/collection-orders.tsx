import { OrdersList } from '../../../features/orders/components/orders-list';
import { useCollectionOutlet } from './collection-layout';

/** `/console/collections/{id}/orders`: the orders holding the collection's NFTs. */
export function Component() {
  const { collection } = useCollectionOutlet();
  return <OrdersList scope={{ collectionId: collection.id }} detailPath={(orderId) => `/console/collections/${collection.id}/orders/${orderId}`} />;
}
