import { QueryClient } from '@tanstack/react-query';

/**
 * Failures are handled once, in the tRPC link (error catalogue), so queries do not retry: a lost connection
 * goes straight to the disconnect page and a 401 straight to sign-in.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
