import { PaymentsForm } from '../../../features/collections/components/payments-form';
import { useCollectionOutlet } from './collection-layout';

/** `/console/collections/{id}/payments` */
export function Component() {
  const { collection, canManage } = useCollectionOutlet();
  return <PaymentsForm key={collection.id} collection={collection} canManage={canManage} />;
}
