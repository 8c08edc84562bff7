import { instrumentCatalogue, setInstrumentCatalogue, type InstrumentSpec } from '@t0/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTRPC } from './trpc';

const CATALOGUE_STALE_MS = 5 * 60_000;

/**
 * The instrument catalogue as the server serves it (the spec's four and those an administrator added),
 * applied to the shared catalogue every figure reads its unit, decimals and sizes from.
 */
export function useInstruments(): readonly InstrumentSpec[] {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.instruments.list.queryOptions(undefined, { staleTime: CATALOGUE_STALE_MS }));
  if (data) setInstrumentCatalogue(data);
  return data ?? instrumentCatalogue();
}

/** Mounted once at the app's root: loads the catalogue at start and after each change. */
export function InstrumentCatalogueSync() {
  const instruments = useInstruments();
  useEffect(() => {
    setInstrumentCatalogue(instruments);
  }, [instruments]);
  return null;
}
