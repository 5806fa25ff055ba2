import { zodResolver } from '@hookform/resolvers/zod';
import { maxProjectNameLength } from '@keepsake/wire/console/project-name';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../lib/i18n/translate-context';
import { projectNameFormSchema, useCreateProject } from '../api/create-project';
import type { ProjectNameInput } from '../api/create-project';
import { useCurrentProject } from '../hooks/use-current-project';

/** Creates a project and makes it the current one. */
export function CreateProjectForm({ onCreated }: { onCreated?: () => void }) {
  const t = useT();
  const { setProjectId } = useCurrentProject();
  const create = useCreateProject();
  const form = useForm<ProjectNameInput>({
    resolver: zodResolver(projectNameFormSchema),
    defaultValues: { name: '' },
  });

  const submit = form.handleSubmit(async ({ name }) => {
    const project = await create.mutateAsync({ name: name.trim() }).catch(() => null);
    if (!project) return;
    setProjectId(project.id);
    form.reset();
    toast.success(t('projects.created', { name: project.name }));
    onCreated?.();
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <TextField
        label={t('projects.name')}
        placeholder={t('projects.namePlaceholder')}
        maxLength={maxProjectNameLength}
        className="flex-1"
        error={form.formState.errors.name?.message}
        {...form.register('name')}
      />
      <Button type="submit" loading={form.formState.isSubmitting} className="sm:mt-6">
        {t('projects.create')}
      </Button>
    </form>
  );
}
