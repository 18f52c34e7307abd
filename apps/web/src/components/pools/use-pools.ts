import type { TPoolOut } from '@shop/domain';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTRPC } from '../../trpc';
import { useRealtimeFeed } from '../realtime/RealtimeContext';
import { applyProgress } from './pool-view';

/**
 * The open crowd goals, live: each pool_progress frame moves the bar at once, and the list is read
 * again behind it (a frame missed while the socket was down is made good by that read).
 */
export function useOpenPools() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { subscribe } = useRealtimeFeed();
  const query = useQuery(trpc.pools.list.queryOptions());
  const queryKey = trpc.pools.list.queryKey() as QueryKey;
  useEffect(
    () =>
      subscribe((message) => {
        if (message.type !== 'pool_progress') return;
        queryClient.setQueryData<TPoolOut[]>(queryKey, (old) => applyProgress(old ?? [], message));
        void queryClient.invalidateQueries({ queryKey });
        // Fired or expired: contributors' balances changed (a refund, or nothing more to take).
        if (message.state === 'expired') void queryClient.invalidateQueries({ queryKey: trpc.user.get.queryKey() });
      }),
    [subscribe, queryClient, queryKey, trpc],
  );
  return query;
}
