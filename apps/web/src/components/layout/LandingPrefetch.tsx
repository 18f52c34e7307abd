import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useTRPC } from '../../trpc';

/**
 * The shop waits for the session before it renders and asks for its lists, which are the same for
 * every viewer (both are public procedures). When a visit starts on /shop, they are asked for in the
 * same tick as the session, so all three go out as one batched request and the cards do not wait
 * another round trip on a slow phone. Only the landing page: later navigations find the session known.
 */
export function LandingPrefetch() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [landing] = useState(useLocation().pathname);
  useEffect(() => {
    if (landing !== '/shop') return;
    void queryClient.prefetchQuery(trpc.coins.listPackages.queryOptions());
    void queryClient.prefetchQuery(trpc.actions.list.queryOptions());
  }, [landing, queryClient, trpc]);
  return null;
}
