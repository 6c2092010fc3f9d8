import '../jobseeker.css';
import { ConfirmProvider } from '@meritmatch/ui/dialogs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { AreaRoutes } from '../app/AreaRoutes';

/** The one entry the shell loads for /job-seeker/*. */
export default function App() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ConfirmProvider>
        <AreaRoutes />
      </ConfirmProvider>
    </QueryClientProvider>
  );
}
