import { useId } from 'react';
import { Select } from '../../../components/ui/select';
import { cn } from '../../../lib/cn';
import { useT } from '../../../lib/i18n/translate-context';
import { useCurrentProject } from '../hooks/use-current-project';

/** The current project, labelled "Project": at the top of the console sidebar, or of the page on a phone. */
export function ProjectSwitcher({ className }: { className?: string }) {
  const t = useT();
  const id = useId();
  const { projects, project, setProjectId } = useCurrentProject();
  if (!project) return null;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="px-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">
        {t('console.projectSwitcher')}
      </label>
      <Select
        id={id}
        value={project.id}
        onValueChange={setProjectId}
        options={projects.map((item) => ({ value: item.id, label: item.name }))}
        className="[&>span]:truncate"
      />
    </div>
  );
}
