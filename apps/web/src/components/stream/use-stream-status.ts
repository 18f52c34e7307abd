import type { TStreamStatus } from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../trpc';

/** viewer-spec sections 7 and 9: the status is polled every 30 s. */
export const STREAM_POLL_MS = 30_000;

export interface StreamStatusView {
  /** undefined until the first answer (or failure) arrives. */
  status: TStreamStatus | undefined;
  /** The last poll failed; `status` then reads as offline (viewer-spec section 7). */
  failed: boolean;
}

/** A failed poll reads as offline, keeping the channel we knew so links still work. */
export function offlineStatus(username: string | null, note: string | null): TStreamStatus {
  return { isLive: false, currentGame: null, gameType: 'any', username, stale: true, note };
}

export function useStreamStatus(): StreamStatusView {
  const trpc = useTRPC();
  const query = useQuery(trpc.twitch.status.queryOptions(undefined, { refetchInterval: STREAM_POLL_MS }));
  if (query.isError) {
    return {
      status: offlineStatus(query.data?.username ?? null, 'The stream status could not be loaded.'),
      failed: true,
    };
  }
  return { status: query.data, failed: false };
}

/** Title, thumbnail, viewers and the last broadcast; the server caches it with the status. */
export function useStreamInfo() {
  const trpc = useTRPC();
  return useQuery(trpc.twitch.stream.queryOptions(undefined, { refetchInterval: STREAM_POLL_MS }));
}

export type StreamInfoQuery = ReturnType<typeof useStreamInfo>;
