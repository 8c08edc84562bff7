import type { SiteConfig } from '@t0/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from './trpc';

/** Public settings from the server (support address, education link, production flag). */
export function useSiteConfig(): { config: SiteConfig | undefined; isLoading: boolean } {
  const trpc = useTRPC();
  const query = useQuery(trpc.site.config.queryOptions());
  return { config: query.data, isLoading: query.isLoading };
}
