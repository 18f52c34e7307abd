import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/AuthContext';
import { useTRPC } from '../../trpc';

/**
 * Where the signed-in viewer's waiting triggers stand (queue.mine). Mounted only beside a waiting
 * row, so a ledger with none asks nothing. Kept fresh by the action_status receipts and by the
 * viewer's own triggers (RealtimeProvider, useRefreshBalance), never by polling.
 */
export function useMyQueue() {
  const trpc = useTRPC();
  const { user } = useAuth();
  return useQuery(trpc.queue.mine.queryOptions(undefined, { enabled: Boolean(user) }));
}
