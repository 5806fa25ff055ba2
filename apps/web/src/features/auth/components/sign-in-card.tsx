import type { ReactNode } from 'react';

/** The 400 px sign-in container (spec widget theme). */
export function SignInCard({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-[400px] rounded-lg border border-[#ADBCC5] bg-white p-8 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
      {children}
    </div>
  );
}
