import { QueryClient } from '@tanstack/react-query';
import { scopedQueryKeyHash } from '../lib/client-scope';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1, queryKeyHashFn: scopedQueryKeyHash },
    },
  });
}
