import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

export function mountSpa(root: HTMLElement): void {
  const queryClient = createQueryClient();
  const router = createAppRouter();
  createRoot(root).render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}
