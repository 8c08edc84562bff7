import type { PlanOffer } from '@t0/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readValue, STORAGE_KEYS, storeValues } from '../../lib/local-store';
import { useTRPC } from '../../lib/trpc';

/** The query parameter that carries a chosen plan from the landing page through /auth to checkout. */
export const PLAN_PARAM = 'plan';

const PLANS_STALE_MS = 10 * 60 * 1000;

/** The plans anyone may choose (GET /api/plans): terms, rooms, price and free trial, in the desk's order. */
export function usePlans() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.billing.plans.queryOptions(), staleTime: PLANS_STALE_MS });
}

/** The query parameter naming the room an upgrade is for (set by UPGRADE). */
export const ROOM_PARAM = 'room';

/** The first plan that grants a room, a paid one before a free one; undefined when none does. */
export function planForRoom(plans: readonly PlanOffer[], room: string): PlanOffer | undefined {
  const selling = plans.filter((p) => p.rooms.some((r) => r.slug === room));
  return selling.find((p) => p.terms !== 'free') ?? selling[0];
}

/** Where a plan's call to action goes: the register side of /auth, with the plan chosen. */
export const choosePlanPath = (key: string) => `/subscribe?${PLAN_PARAM}=${encodeURIComponent(key)}`;

/**
 * The plan a buyer chose: `?plan=` (a card on the landing page, an offer's link), else the one kept
 * from an earlier choice, else the default plan. An unlisted plan (an offer) is read by its key; an
 * unknown key falls back to the default plan. `choose` changes it (the address and the kept choice).
 */
export function useChosenPlan() {
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const plans = usePlans();
  const fromAddress = params.get(PLAN_PARAM);
  const list = useMemo(() => plans.data?.plans ?? [], [plans.data]);
  // UPGRADE beside something locked names its room: the first plan selling it (a paid one first).
  const room = params.get(ROOM_PARAM);
  const forRoom = room ? planForRoom(list, room) : undefined;
  const wanted = fromAddress ?? forRoom?.key ?? readValue(STORAGE_KEYS.pendingPlan);
  const listed = wanted ? list.find((p) => p.key === wanted) : undefined;
  const offer = useQuery({
    ...trpc.plans.offer.queryOptions({ plan: wanted ?? '' }),
    enabled: Boolean(wanted) && plans.isSuccess && !listed,
    staleTime: PLANS_STALE_MS,
  });
  const plan: PlanOffer | undefined = listed ?? offer.data ?? list.find((p) => p.isDefault) ?? list[0];
  const choices = useMemo(
    () => (offer.data && !list.some((p) => p.key === offer.data.key) ? [...list, offer.data] : list),
    [list, offer.data],
  );
  const choose = useCallback(
    (key: string) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set(PLAN_PARAM, key);
          return next;
        },
        { replace: true },
      );
      try {
        storeValues({ [STORAGE_KEYS.pendingPlan]: key });
      } catch {
        /* the choice still travels in the address */
      }
    },
    [setParams],
  );
  return {
    plan,
    choices,
    /** True when the address named the plan (a card or a link): the choice is shown even on LOGIN. */
    named: fromAddress !== null,
    isPending: plans.isPending || (offer.isFetching && !offer.data),
    isError: plans.isError,
    refetch: plans.refetch,
    testMode: plans.data?.testMode ?? false,
    choose,
  };
}
