import { REFUNDED_ENDS, type TRealtimeMessage, type TTriggerState, type TUser } from '@shop/domain';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo, useRef } from 'react';
import { useAuth } from '../../auth/AuthContext';
import { useSessionHint } from '../../auth/session-hint';
import { useTRPC } from '../../trpc';
import { showGiftReceived } from '../gifts/gift-toast';
import { RealtimeContext } from './RealtimeContext';
import { useRealtime } from './use-realtime';

/**
 * The toast code loads with the first receipt, not with the page. One promise for every receipt,
 * so they reach the toasts in the order they arrived.
 */
let toastsModule: Promise<typeof import('./receipt-notifications')> | null = null;
function receiptToasts() {
  // A failed download is tried again with the next receipt.
  toastsModule ??= import('./receipt-notifications').catch((error: unknown) => {
    toastsModule = null;
    throw error;
  });
  return toastsModule;
}

/**
 * One /ws socket for the whole app (inside AuthProvider, so it knows who is signed in): the Live
 * Activity panel reads its events, the trigger toast its receipts, the shop its pause switch.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user, isLoading } = useAuth();
  // A page loaded with a session cookie waits for the session check before it connects; a visitor
  // without one connects at once, as the anonymous viewer they are.
  const sessionHint = useSessionHint();
  const identity = user ? user.id : isLoading && sessionHint ? undefined : null;

  const listeners = useRef(new Set<(message: TRealtimeMessage) => void>());
  const subscribe = useCallback((listener: (message: TRealtimeMessage) => void) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);

  const onMessage = useCallback(
    (message: TRealtimeMessage) => {
      for (const listener of listeners.current) listener(message);
      const invalidate = (queryKey: QueryKey) => void queryClient.invalidateQueries({ queryKey });
      // The pill moves at once; the refetch that follows confirms it.
      const setBalance = (balance: number) =>
        queryClient.setQueryData<TUser | null>(trpc.user.get.queryKey() as QueryKey, (old) =>
          old ? { ...old, coinBalance: balance } : old,
        );
      switch (message.type) {
        case 'action_triggered':
          // Someone's trigger may have started a global cooldown: the cards count down from the server's time.
          invalidate(trpc.actions.list.queryKey());
          return;
        case 'action_tested':
          return;
        case 'shop_status':
          invalidate(trpc.shop.status.queryKey());
          return;
        case 'action_status':
          // A toast lost to a failed chunk download is no error worth more: the lists below update anyway.
          receiptToasts().then(
            (toasts) => toasts.handleReceipt(message),
            () => undefined,
          );
          // Dashboard and /history show each trigger's delivery state: reload them on every step.
          invalidate(trpc.transactions.list.pathKey());
          invalidate(trpc.history.list.pathKey());
          // The waiting lines under those rows (place in line, approval) move with the same steps.
          invalidate(trpc.queue.mine.queryKey());
          // Any refunded end (a failed delivery, or the streamer's reject, skip or an expired approval).
          if ((REFUNDED_ENDS as readonly TTriggerState[]).includes(message.status)) {
            if (typeof message.balance === 'number') setBalance(message.balance);
            invalidate(trpc.user.get.queryKey());
            invalidate(trpc.transactions.stats.queryKey());
          }
          return;
        case 'balance_changed':
          // A watch-time reward, a channel-points conversion or a gift: the pill rises without a reload.
          setBalance(message.balance);
          if (message.reason === 'gift') showGiftReceived(message);
          invalidate(trpc.user.get.queryKey());
          invalidate(trpc.transactions.list.pathKey());
          invalidate(trpc.transactions.stats.queryKey());
          return;
        case 'queue_changed':
          // For the Queue page alone, which subscribes above and coalesces its own reloads.
          return;
      }
    },
    [queryClient, trpc],
  );

  // How many Live Activity panels are mounted: connection notices only where live activity is shown.
  const watchers = useRef(0);
  const watch = useCallback(() => {
    watchers.current += 1;
    return () => {
      watchers.current -= 1;
    };
  }, []);
  const announce = useCallback(() => watchers.current > 0, []);

  const { status, activity, reconnect } = useRealtime({ onMessage, identity, announce });
  const value = useMemo(
    () => ({ status, activity, reconnect, watch, subscribe }),
    [status, activity, reconnect, watch, subscribe],
  );
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}
