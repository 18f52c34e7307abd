import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../trpc';

/**
 * Whether the streamer paused the shop. Loaded once; the /ws `shop_status` message refetches it
 * (RealtimeProvider), so open shops update at once without polling.
 */
export function useShopStatus() {
  const trpc = useTRPC();
  const query = useQuery(trpc.shop.status.queryOptions());
  return { paused: query.data?.paused ?? false, status: query.data };
}
