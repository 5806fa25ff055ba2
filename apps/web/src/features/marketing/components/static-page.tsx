import type { ReactNode } from 'react';

export function StaticPage({ title, lead, children }: { title: string; lead: string; children?: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-950 sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-slate-600">{lead}</p>
      {children && <div className="mt-8 space-y-4 text-slate-700">{children}</div>}
    </article>
  );
}
