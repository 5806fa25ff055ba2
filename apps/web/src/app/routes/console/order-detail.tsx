import { useParams } from 'react-router';
import { OrderDetailPage } from '../../../features/orders/components/order-detail';
import { WithCurrentProject } from './console-page';

/** `/console/orders/{id}`: one order of the current project. */
export function Component() {
  const { id = '' } = useParams();
  return <WithCurrentProject>{(project) => <OrderDetailPage scope={{ projectId: project.id }} orderId={id} backTo="/console/orders" />}</WithCurrentProject>;
}
