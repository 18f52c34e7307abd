import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../trpc';

/** admin-spec section 9: the status is polled every 30,000 ms. */
export const WATCH_TIME_POLL_MS = 30_000;

/** The service status, settings and today's statistics, kept fresh while the page is open. */
export function useWatchTimeStatus() {
  const trpc = useTRPC();
  return useQuery(trpc.earning.watchTimeStatus.queryOptions(undefined, { refetchInterval: WATCH_TIME_POLL_MS }));
}

/** The 10 most recent rewards; polled with the status so new rewards show up on their own. */
export function useRecentRewards() {
  const trpc = useTRPC();
  return useQuery(trpc.earning.watchTimeRewards.queryOptions(undefined, { refetchInterval: WATCH_TIME_POLL_MS }));
}
