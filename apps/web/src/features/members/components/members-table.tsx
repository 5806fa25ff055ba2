import { projectRoles, type ProjectRole } from '@keepsake/wire/console/projects';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { SkeletonRows } from '../../../components/loading-state';
import { selectClassName } from '../../../components/select-field';
import { DateTime } from '../../../components/ui/date-time';
import { useT } from '../../../lib/i18n/translate-context';
import { canAssignRole, canManageProject } from '../../../lib/project-roles';
import { useMembers } from '../api/get-members';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMember } from '../api/update-member';
import type { Member } from '../types/member';

type MembersTableProps = { projectId: string; actorRole: ProjectRole; currentUserId: string | undefined };

export function MembersTable({ projectId, actorRole, currentUserId }: MembersTableProps) {
  const t = useT();
  const members = useMembers(projectId);
  const update = useUpdateMember(projectId);
  const remove = useRemoveMember(projectId);
  const [removing, setRemoving] = useState<Member | null>(null);
  const manage = canManageProject(actorRole);

  if (members.isPending) return <SkeletonRows />;
  if (members.isError) return <ErrorMessage error={members.error} />;
  if (members.data.length === 0) return <EmptyState title={t('members.empty')} />;

  const changeRole = (member: Member, role: ProjectRole) => {
    update.mutate({ userId: member.userId, role }, { onSuccess: () => toast.success(t('members.roleChanged', { email: member.email })) });
  };

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.userId, {
      onSuccess: () => {
        toast.success(t('members.removed', { email: removing.email }));
        setRemoving(null);
      },
      onError: () => setRemoving(null),
    });
  };

  return (
    <>
      <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
        <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800">
          <caption className="sr-only">{t('members.title')}</caption>
          <thead className="bg-slate-50 text-left dark:bg-slate-900">
            <tr>
              <th scope="col" className="px-4 py-2 font-semibold">
                {t('members.email')}
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                {t('members.role')}
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                {t('members.added')}
              </th>
              {manage && (
                <th scope="col" className="px-4 py-2">
                  <span className="sr-only">{t('common.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {members.data.map((member) => {
              const pending = update.isPending && update.variables.userId === member.userId;
              return (
                <tr key={member.userId}>
                  <td className="px-4 py-2">
                    {member.email}
                    {member.userId === currentUserId && <span className="ml-1 text-slate-500">{t('members.you')}</span>}
                  </td>
                  <td className="px-4 py-2">
                    {manage ? (
                      <select
                        aria-label={t('members.roleFor', { email: member.email })}
                        value={member.role}
                        disabled={pending || (actorRole !== 'owner' && member.role === 'owner')}
                        onChange={(event) => changeRole(member, event.target.value as ProjectRole)}
                        className={`${selectClassName} w-36`}
                      >
                        {projectRoles.map((role) => (
                          <option key={role} value={role} disabled={role !== member.role && !canAssignRole(actorRole, member.role, role)}>
                            {t(`roles.${role}`)}
                          </option>
                        ))}
                      </select>
                    ) : (
                      t(`roles.${member.role}`)
                    )}
                  </td>
                  <td className="px-4 py-2">
                    <DateTime value={member.createdAt} dateOnly />
                  </td>
                  {manage && (
                    <td className="px-4 py-2 text-right">
                      <Button
                        variant="ghost"
                        aria-label={t('members.removeMember', { email: member.email })}
                        disabled={actorRole !== 'owner' && member.role === 'owner'}
                        onClick={() => setRemoving(member)}
                      >
                        {t('members.remove')}
                      </Button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('members.removeTitle')}
        description={t('members.removeBody', { email: removing?.email ?? '' })}
        confirmLabel={t('members.remove')}
        onConfirm={confirmRemove}
        pending={remove.isPending}
      />
    </>
  );
}
