import { SiteFooter } from '../../../components/site-footer';
import { HelpPage } from '../../../features/marketing/components/help-page';

export function Component() {
  return (
    <>
      <div className="flex-1">
        <HelpPage />
      </div>
      <SiteFooter />
    </>
  );
}
