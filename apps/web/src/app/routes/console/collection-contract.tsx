import { ContractPanel } from '../../../features/collections/components/contract-panel';
import { useCollectionOutlet } from './collection-layout';

/** `/console/collections/{id}/contract` */
export function Component() {
  return <ContractPanel collection={useCollectionOutlet().collection} />;
}
