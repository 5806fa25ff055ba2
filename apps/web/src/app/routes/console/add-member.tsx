import { InviteMemberForm } from '../../../features/members/components/invite-member-form';
import { MembersTable } from '../../../features/members/components/members-table';
import { useSession } from '../../../lib/auth/use-session';
import { useT } from '../../../lib/i18n/translate-context';
import { canManageProject } from '../../../lib/project-roles';
import { ConsolePage, WithCurrentProject } from './console-page';

export function Component() {
  const t = useT();
  const session = useSession();
  return (
    <ConsolePage title={t('members.title')}>
      <WithCurrentProject>
        {(project) => (
          <div key={project.id} className="space-y-8">
            {canManageProject(project.role) ? (
              <section aria-labelledby="invite-member" className="rounded-lg border border-slate-200 p-6 dark:border-slate-800">
                <h2 id="invite-member" className="mb-4 text-lg font-semibold">
                  {t('members.inviteTitle')}
                </h2>
                <InviteMemberForm projectId={project.id} actorRole={project.role} />
              </section>
            ) : (
              <p className="text-sm text-slate-500">{t('members.readOnly')}</p>
            )}
            <MembersTable projectId={project.id} actorRole={project.role} currentUserId={session.data?.user.userId} />
          </div>
        )}
      </WithCurrentProject>
    </ConsolePage>
  );
}
