import { useT } from '../../../lib/i18n/translate-context';
import { useCurrentProject } from '../hooks/use-current-project';

export function ProjectSwitcher() {
  const t = useT();
  const { projects, project, setProjectId } = useCurrentProject();
  if (!project) return null;
  return (
    <select
      aria-label={t('console.projectSwitcher')}
      value={project.id}
      onChange={(event) => setProjectId(event.target.value)}
      className="max-w-56 rounded-md border-0 py-1.5 pr-8 pl-3 text-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 dark:bg-slate-900 dark:ring-slate-600"
    >
      {projects.map((item) => (
        <option key={item.id} value={item.id}>
          {item.name}
        </option>
      ))}
    </select>
  );
}
