import { SiteFooter } from '../../../components/site-footer';
import { TeamPage } from '../../../features/marketing/components/team-page';

export function Component() {
  return (
    <>
      <div className="flex-1">
        <TeamPage />
      </div>
      <SiteFooter />
    </>
  );
}
