import { useId } from 'react';
import { selectClassName } from '../../../components/select-field';
import { cn } from '../../../lib/cn';
import { useT } from '../../../lib/i18n/translate-context';
import { useCurrentProject } from '../hooks/use-current-project';

/**
 * The current project, labelled "Project": at the top of the console sidebar, or of the page on a phone. A styled
 * native select, not the Radix Select: that one (with its popper) would load on every console page and put the
 * console shell over its 200 KB budget.
 */
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
      <select id={id} value={project.id} onChange={(event) => setProjectId(event.target.value)} className={cn(selectClassName, 'truncate text-sm')}>
        {projects.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </select>
    </div>
  );
}
