import { useParams } from 'react-router';
import { OrderDetailPage } from '../../../features/orders/components/order-detail';
import { useCollectionOutlet } from './collection-layout';

/** `/console/collections/{id}/orders/{orderId}`. */
export function Component() {
  const { collection } = useCollectionOutlet();
  const { orderId = '' } = useParams();
  return <OrderDetailPage scope={{ collectionId: collection.id }} orderId={orderId} backTo={`/console/collections/${collection.id}/orders`} />;
}
