import { OrderStats } from '../../../features/orders/components/order-stats';
import { OrdersList } from '../../../features/orders/components/orders-list';
import { useT } from '../../../lib/i18n/translate-context';
import { ConsolePage, WithCurrentProject } from './console-page';

/** `/console/orders`: the current project's orders. */
export function Component() {
  const t = useT();
  return (
    <WithCurrentProject>
      {(project) => (
        <ConsolePage title={t('orders.title')}>
          <OrderStats key={`stats:${project.id}`} scope={{ projectId: project.id }} />
          <OrdersList key={project.id} scope={{ projectId: project.id }} detailPath={(orderId) => `/console/orders/${orderId}`} />
        </ConsolePage>
      )}
    </WithCurrentProject>
  );
}
