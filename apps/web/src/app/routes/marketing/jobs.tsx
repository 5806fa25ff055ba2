import { SiteFooter } from '../../../components/site-footer';
import { JobsPage } from '../../../features/marketing/components/jobs-page';

export function Component() {
  return (
    <>
      <div className="flex-1">
        <JobsPage />
      </div>
      <SiteFooter />
    </>
  );
}
