import { zodResolver } from '@hookform/resolvers/zod';
import { projectRoles, type ProjectRole } from '@keepsake/wire/console/projects';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { ErrorMessage } from '../../../components/error-message';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../lib/i18n/translate-context';
import { canAssignRole } from '../../../lib/project-roles';
import { inviteMemberSchema, useAddMember } from '../api/add-member';
import type { InviteMemberInput } from '../api/add-member';

export function InviteMemberForm({ projectId, actorRole }: { projectId: string; actorRole: ProjectRole }) {
  const t = useT();
  const add = useAddMember(projectId);
  const form = useForm<InviteMemberInput>({
    resolver: zodResolver(inviteMemberSchema(t('members.invalidEmail'))),
    defaultValues: { email: '', role: 'developer' },
  });

  const submit = form.handleSubmit(async ({ email, role }) => {
    const member = await add.mutateAsync({ email: email.trim(), role }).catch(() => null);
    if (!member) return;
    form.reset({ email: '', role });
    toast.success(t('members.invited', { email: member.email }));
  });

  const roleOptions = projectRoles.map((role) => ({
    value: role,
    label: t(`roles.${role}`),
    disabled: !canAssignRole(actorRole, null, role),
  }));

  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label={t('members.email')}
          type="email"
          autoComplete="off"
          className="flex-1"
          error={form.formState.errors.email?.message}
          {...form.register('email', { onChange: () => add.reset() })}
        />
        <SelectField label={t('members.role')} options={roleOptions} className="sm:w-44" {...form.register('role')} />
        <Button type="submit" loading={form.formState.isSubmitting} className="sm:mt-6">
          {t('members.invite')}
        </Button>
      </div>
      {add.error && <ErrorMessage error={add.error} />}
    </form>
  );
}
