import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { Spinner } from '../components/spinner';
import { SignedOutToast } from '../lib/auth/signed-out-toast';
import { LocaleProvider } from '../lib/locale/locale-provider';
import { ThemeProvider } from '../lib/theme/theme-provider';

/** Everything the app's routes rely on: query cache, theme, locale and toasts. */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <LocaleProvider
          fallback={
            <div className="flex min-h-screen items-center justify-center">
              <Spinner label="Loading" className="size-6 text-indigo-600" />
            </div>
          }
        >
          <SignedOutToast />
          {children}
        </LocaleProvider>
      </ThemeProvider>
      <Toaster position="top-center" />
    </QueryClientProvider>
  );
}
