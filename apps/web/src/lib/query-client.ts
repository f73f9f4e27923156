import { QueryClient } from '@tanstack/react-query';

/**
 * Failures are handled once, in the tRPC link (error catalogue), so queries do not retry: a lost connection
 * goes straight to the disconnect page and a 401 straight to sign-in.
 */
const STALE_REFETCH_MS = 1_000;

const isStale = (data: unknown) =>
  typeof data === 'object' && data !== null && (data as { stale?: unknown }).stale === true;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
      // An answer that says part of it is being figured again on the server (a dashboard of a big
      // schedule just changed) is asked again each second until it is current.
      refetchInterval: (query) => (isStale(query.state.data) ? STALE_REFETCH_MS : false),
    },
    mutations: { retry: false },
  },
});
