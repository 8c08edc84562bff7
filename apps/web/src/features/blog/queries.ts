import { POLL } from '@t0/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/** One published post; a 404 is an answer ("not found"), never retried. */
export function useBlogPost(id: number | null) {
  const trpc = useTRPC();
  return useQuery(
    trpc.blog.byId.queryOptions({ id: id ?? 0 }, { enabled: id !== null, staleTime: POLL.blogStaleMs, retry: false }),
  );
}
