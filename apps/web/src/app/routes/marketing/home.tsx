import { SiteFooter } from '../../../components/site-footer';
import { MarketingHome } from '../../../features/marketing/components/marketing-home';

export function Component() {
  return (
    <>
      <div className="flex-1">
        <MarketingHome />
      </div>
      <SiteFooter />
    </>
  );
}
