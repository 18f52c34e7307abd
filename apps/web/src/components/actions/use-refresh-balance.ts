import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '../../trpc';

/** After coins move (trigger, refund): the balance pill, the transaction lists and their waiting lines reload. */
export function useRefreshBalance(): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.user.get.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.transactions.list.queryKey() }),
      // A new trigger may wait (approval, a queue group) before any receipt says so.
      queryClient.invalidateQueries({ queryKey: trpc.queue.mine.queryKey() }),
    ]);
  }, [queryClient, trpc]);
}
