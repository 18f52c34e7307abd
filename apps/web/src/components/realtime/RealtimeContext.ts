import type { TRealtimeMessage } from '@shop/domain';
import { createContext, useContext } from 'react';
import type { ActivityMessage } from './realtime-messages';
import type { RealtimeStatus } from './use-realtime';

export interface RealtimeContextValue {
  status: RealtimeStatus;
  /** Public events, newest first (the server's backlog included). */
  activity: ActivityMessage[];
  /** A fresh connection (to `url` when given, one of the page's endpoints). */
  reconnect: (url?: string) => void;
  /** A Live Activity panel is on screen: connection notices are shown until the returned cleanup runs. */
  watch: () => () => void;
  /** Every message from now on, until the returned cleanup runs (the shop's live-event toasts). */
  subscribe: (listener: (message: TRealtimeMessage) => void) => () => void;
}

export const RealtimeContext = createContext<RealtimeContextValue | null>(null);

export function useRealtimeFeed(): RealtimeContextValue {
  const value = useContext(RealtimeContext);
  if (!value) throw new Error('useRealtimeFeed must be used within a RealtimeProvider');
  return value;
}
