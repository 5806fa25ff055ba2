import { CopyButton } from '../../../components/copy-button';
import { formatDate } from '../../../lib/format-date';
import { useT } from '../../../lib/i18n/translate-context';
import type { Project } from '../types/project';

/** Name, id, public token (with copy) and the user's role. */
export function ProjectFacts({ project, showId = true }: { project: Project; showId?: boolean }) {
  const t = useT();
  return (
    <dl className="grid gap-4 sm:grid-cols-[10rem_1fr]">
      <dt className="text-sm font-medium text-slate-500">{t('projects.name')}</dt>
      <dd className="font-medium">{project.name}</dd>
      {showId && (
        <>
          <dt className="text-sm font-medium text-slate-500">{t('projects.id')}</dt>
          <dd className="font-mono text-sm break-all">{project.id}</dd>
        </>
      )}
      <dt className="text-sm font-medium text-slate-500">{t('projects.publicToken')}</dt>
      <dd className="flex flex-wrap items-center gap-3">
        <code className="rounded bg-slate-100 px-2 py-1 text-sm break-all dark:bg-slate-800">{project.publicToken}</code>
        <CopyButton value={project.publicToken} label={t('projects.copyPublicToken')} />
      </dd>
      <dt className="text-sm font-medium text-slate-500">{t('projects.yourRole')}</dt>
      <dd>{t(`roles.${project.role}`)}</dd>
      <dt className="text-sm font-medium text-slate-500">{t('common.created')}</dt>
      <dd>{formatDate(project.createdAt)}</dd>
    </dl>
  );
}
