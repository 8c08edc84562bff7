import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTRPC } from '../../lib/trpc';

/** A signal's timeline (`GET /api/signals/{id}/events`), fetched again when the signal moves on. */
export function useSignalEvents(signalId: number, version: string) {
  const trpc = useTRPC();
  const query = useQuery(trpc.signals.events.queryOptions({ id: signalId }, { staleTime: 5_000 }));
  const seen = useRef(version);
  const { refetch } = query;
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    void refetch();
  }, [version, refetch]);
  return query;
}
