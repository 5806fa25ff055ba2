import { Link } from 'react-router';
import { DateTime } from '../../../components/ui/date-time';
import { useT } from '../../../lib/i18n/translate-context';
import { useCurrentProject } from '../hooks/use-current-project';

export function ProjectsTable() {
  const t = useT();
  const { projects, project: current, setProjectId } = useCurrentProject();
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
      <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800">
        <caption className="sr-only">{t('projects.title')}</caption>
        <thead className="bg-slate-50 text-left dark:bg-slate-900">
          <tr>
            <th scope="col" className="px-4 py-2 font-semibold">
              {t('projects.name')}
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              {t('projects.role')}
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              {t('common.created')}
            </th>
            <th scope="col" className="px-4 py-2">
              <span className="sr-only">{t('common.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {projects.map((project) => {
            const isCurrent = project.id === current?.id;
            return (
              <tr key={project.id} aria-current={isCurrent || undefined} className={isCurrent ? 'bg-indigo-50/60 dark:bg-indigo-950/40' : ''}>
                <td className="px-4 py-2">
                  <button
                    type="button"
                    className="font-medium text-indigo-600 hover:underline dark:text-indigo-400"
                    onClick={() => setProjectId(project.id)}
                    title={t('projects.switchTo', { name: project.name })}
                  >
                    {project.name}
                  </button>
                  {isCurrent && (
                    <span className="ml-2 rounded bg-indigo-100 px-1.5 py-0.5 text-xs text-indigo-700 dark:bg-indigo-900 dark:text-indigo-200">
                      {t('projects.current')}
                    </span>
                  )}
                </td>
                <td className="px-4 py-2">{t(`roles.${project.role}`)}</td>
                <td className="px-4 py-2">
                  <DateTime value={project.createdAt} dateOnly />
                </td>
                <td className="px-4 py-2 text-right">
                  <Link to={`/console/projects/${project.id}`} className="text-indigo-600 hover:underline dark:text-indigo-400">
                    {t('projects.details')}
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
