import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTRPC } from '../../trpc';

/**
 * When the balance changes under the viewer (a watch-time reward or a channel-points conversion
 * found by the periodic re-read), the history lists and figures reload too, so the dashboard never
 * shows a new balance beside an old list. The first value is only remembered.
 */
export function useLedgerFollowsBalance(balance: number): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const previous = useRef(balance);
  useEffect(() => {
    if (previous.current === balance) return;
    previous.current = balance;
    void queryClient.invalidateQueries({ queryKey: trpc.transactions.list.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.transactions.stats.queryKey() });
  }, [balance, queryClient, trpc]);
}
