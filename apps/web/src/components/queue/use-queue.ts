import type { TQueue, TQueueItem } from '@shop/domain';
import { isEnded } from '@shop/domain';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTRPC } from '../../trpc';
import { useRealtimeFeed } from '../realtime/RealtimeContext';
import { coalesce } from './coalesce';

/** At most one list reload per this long, however fast queue_changed messages arrive. */
export const RELOAD_WINDOW_MS = 250;

/**
 * The control room's list (admin only), kept live by the socket, never by polling: each
 * queue_changed message asks for a reload, and a burst of them is folded into a few (coalesce.ts).
 * A socket that was away may have missed some, so a reconnect reloads too.
 */
export function useQueue() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { subscribe, status } = useRealtimeFeed();
  const queryKey = useMemo(() => trpc.queue.list.queryKey() as QueryKey, [trpc]);
  // The cache is kept fresh only while this page listens; coming back, it is read again.
  const query = useQuery(trpc.queue.list.queryOptions(undefined, { refetchOnMount: 'always' }));

  const reloader = useMemo(
    () => coalesce(() => void queryClient.invalidateQueries({ queryKey }), RELOAD_WINDOW_MS),
    [queryClient, queryKey],
  );
  useEffect(() => () => reloader.cancel(), [reloader]);

  useEffect(
    () =>
      subscribe((message) => {
        if (message.type !== 'queue_changed') return;
        // The hold switch shows at once; the items follow with the reload.
        const { held } = message;
        if (held !== undefined) queryClient.setQueryData<TQueue>(queryKey, (old) => (old ? { ...old, held } : old));
        reloader.schedule();
      }),
    [subscribe, reloader, queryClient, queryKey],
  );

  // Only a connection that dropped and came back: the first one opens after the list's own load.
  const connectedOnce = useRef(false);
  const dropped = useRef(false);
  useEffect(() => {
    if (status !== 'connected') {
      dropped.current = connectedOnce.current;
      return;
    }
    if (dropped.current) reloader.schedule();
    connectedOnce.current = true;
    dropped.current = false;
  }, [status, reloader]);

  /** A decision's answer: the trigger as it is now, gone from the list once it has ended. */
  const applyItem = useCallback(
    (item: TQueueItem) =>
      queryClient.setQueryData<TQueue>(queryKey, (old) => {
        if (!old) return old;
        const items = isEnded(item.state)
          ? old.items.filter((i) => i.historyId !== item.historyId)
          : old.items.map((i) => (i.historyId === item.historyId ? item : i));
        return { ...old, items };
      }),
    [queryClient, queryKey],
  );
  const setHeld = useCallback(
    (held: boolean) => queryClient.setQueryData<TQueue>(queryKey, (old) => (old ? { ...old, held } : old)),
    [queryClient, queryKey],
  );

  return { query, reload: reloader.schedule, applyItem, setHeld };
}
