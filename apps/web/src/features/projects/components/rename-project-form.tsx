import { zodResolver } from '@hookform/resolvers/zod';
import { maxProjectNameLength } from '@keepsake/wire/console/project-name';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../lib/i18n/translate-context';
import { canManageProject } from '../../../lib/project-roles';
import { projectNameFormSchema } from '../api/create-project';
import type { ProjectNameInput } from '../api/create-project';
import { useUpdateProject } from '../api/update-project';
import type { Project } from '../types/project';

/** Owners and admins rename the project; others see the name read-only. */
export function RenameProjectForm({ project }: { project: Project }) {
  const t = useT();
  const update = useUpdateProject();
  const editable = canManageProject(project.role);
  const form = useForm<ProjectNameInput>({
    resolver: zodResolver(projectNameFormSchema),
    values: { name: project.name },
  });

  const submit = form.handleSubmit(async ({ name }) => {
    const updated = await update.mutateAsync({ projectId: project.id, name: name.trim() }).catch(() => null);
    if (updated) toast.success(t('settings.saved'));
  });

  return (
    <form noValidate onSubmit={submit} className="max-w-lg space-y-4">
      <TextField
        label={t('projects.name')}
        readOnly={!editable}
        maxLength={maxProjectNameLength}
        error={form.formState.errors.name?.message}
        hint={editable ? undefined : t('settings.readOnly')}
        {...form.register('name')}
      />
      {editable && (
        <Button type="submit" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
          {t('settings.save')}
        </Button>
      )}
    </form>
  );
}
