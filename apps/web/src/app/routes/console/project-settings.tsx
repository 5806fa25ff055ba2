import { AuthSettingsSection } from '../../../features/auth-settings/components/auth-settings-form';
import { OauthClientsSection } from '../../../features/oauth-clients/components/oauth-clients-section';
import { CheckoutFeeForm } from '../../../features/projects/components/checkout-fee-form';
import { RenameProjectForm } from '../../../features/projects/components/rename-project-form';
import { useT } from '../../../lib/i18n/translate-context';
import { ConsolePage, WithCurrentProject } from './console-page';

export function Component() {
  const t = useT();
  return (
    <ConsolePage title={t('settings.title')}>
      <WithCurrentProject>
        {(project) => (
          <div className="space-y-10">
            <RenameProjectForm key={project.id} project={project} />
            <AuthSettingsSection key={`auth-${project.id}`} projectId={project.id} role={project.role} />
            <OauthClientsSection key={`oauth-${project.id}`} projectId={project.id} role={project.role} />
            <CheckoutFeeForm key={`checkout-${project.id}`} project={project} />
          </div>
        )}
      </WithCurrentProject>
    </ConsolePage>
  );
}
