import { BrandingForm } from '../../../features/collections/components/branding-form';
import { useCollectionOutlet } from './collection-layout';

/** `/console/collections/{id}/branding` */
export function Component() {
  const { collection, canManage } = useCollectionOutlet();
  return <BrandingForm key={collection.id} collection={collection} canManage={canManage} />;
}
