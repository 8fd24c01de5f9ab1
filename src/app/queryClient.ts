import { QueryClient } from '@tanstack/react-query';

// Every failed call already shows its own toast (runtime/client), so a retry would repeat the
// toast; a user who wants another try presses refresh.
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});
